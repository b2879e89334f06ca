// Relative imports: next.config loads this module, and its loader has no "@/".
import { LANGS, localePath, type Lang } from "../i18n/locales";
import { PAGE_TYPE_NAMES, PAGE_TYPES } from "../site/page-types";

/**
 * The pages that exist whatever the content says (home, contact, legals, in every language): the
 * request router has nothing to decide for them, so it does not run for them (its matcher, in
 * proxy.ts, leaves them out) and next.config's rewrites map them onto the app's /<lang>/… tree.
 * Every request through the router cost a second route resolution and a Request built from the
 * incoming one: a fifth to a third of a cached page's throughput.
 */
export interface StaticPage {
  lang: Lang;
  /** The public path, e.g. "/legals" or "/en". */
  path: string;
  /** The app path it renders, e.g. "/fr/legals" or "/en". */
  internal: string;
}

/** The app path of a page type's page: "/" is the language's root. */
export function pageInternalPath(lang: Lang, rest: string): string {
  return rest === "/" ? `/${lang}` : `/${lang}${rest}`;
}

export function staticPages(): StaticPage[] {
  return LANGS.flatMap((lang) =>
    PAGE_TYPE_NAMES.filter((type) => !("list" in PAGE_TYPES[type])).map((type) => {
      const rest = PAGE_TYPES[type].path;
      return { lang, path: localePath(lang, rest), internal: pageInternalPath(lang, rest) };
    }),
  );
}

/** next.config rewrites for them: the public paths that differ from their app path. */
export function staticPageRewrites(): Array<{ source: string; destination: string }> {
  return staticPages()
    .filter((page) => page.path !== page.internal)
    .map((page) => ({ source: page.path, destination: page.internal }));
}
