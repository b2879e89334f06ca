import { routes } from "@/lib/prismic/client";

/**
 * The site path of a document known only by type, uid and language (as in
 * alternate_languages, which carry no url), from the same route resolvers the
 * Content API resolves `url` with (each language's own path). Null when the type
 * has no page in that language.
 */
export function documentPath(doc: { type: string; uid?: string | null; lang: string }): string | null {
  const route = routes.find((candidate) => candidate.type === doc.type && candidate.lang === doc.lang);
  if (!route) return null;
  if (route.path.includes(":uid") && !doc.uid) return null;
  return route.path.replace(":uid", encodeURIComponent(doc.uid ?? ""));
}
