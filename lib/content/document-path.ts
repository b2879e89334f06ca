import { langFromPrismic, localePath } from "@/lib/i18n/locales";
import { pageRoutes } from "@/lib/prismic/client";

/**
 * The site path of a document known only by type, uid and language (as in
 * alternate_languages, which carry no url), from the same route table the
 * Content API resolves `url` with. Null when the type has no page.
 */
export function documentPath(doc: { type: string; uid?: string | null; lang: string }): string | null {
  const route = pageRoutes.find((candidate) => candidate.type === doc.type);
  const lang = langFromPrismic(doc.lang);
  if (!route || !lang) return null;
  if (route.path.includes(":uid") && !doc.uid) return null;
  return localePath(lang, route.path.replace(":uid", encodeURIComponent(doc.uid ?? "")));
}
