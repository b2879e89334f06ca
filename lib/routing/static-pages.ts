// Relative imports: next.config loads this module, and its loader has no "@/".
import { LANGS, type Lang } from "../i18n/locales";
import { isListType, PAGE_TYPE_NAMES, pagePublicPath, pageRoute } from "../site/page-types";

/**
 * The pages that exist whatever the content says (home, contact, legals, accessibility, in every
 * language, each at its language's path): the
 * request router has nothing to decide for them, so it does not run for them (its matcher, in
 * proxy.ts, leaves them out) and next.config's rewrites map them onto the app's /<lang>/… tree.
 * Every request through the router cost a second route resolution and a Request built from the
 * incoming one: a fifth to a third of a cached page's throughput.
 */
export interface StaticPage {
  lang: Lang;
  /** The public path, e.g. "/legals", "/accessibilite" or "/en". */
  path: string;
  /** The app path it renders, e.g. "/fr/legals", "/fr/accessibility" or "/en". */
  internal: string;
}

/** The app path of a page type's page in a language: its route under /<lang>, "/" being the root. */
export function pageInternalPath(lang: Lang, route: string): string {
  return route === "/" ? `/${lang}` : `/${lang}${route}`;
}

export function staticPages(): StaticPage[] {
  return LANGS.flatMap((lang) =>
    PAGE_TYPE_NAMES.filter((type) => !isListType(type)).map((type) => ({
      lang,
      path: pagePublicPath(type, lang),
      internal: pageInternalPath(lang, pageRoute(type)),
    })),
  );
}

/** next.config rewrites for them: the public paths that differ from their app path. */
export function staticPageRewrites(): Array<{ source: string; destination: string }> {
  return staticPages()
    .filter((page) => page.path !== page.internal)
    .map((page) => ({ source: page.path, destination: page.internal }));
}
