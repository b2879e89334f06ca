import type { Translations } from "@/lib/i18n/default-translations";

// Relative: next.config loads this module (through lib/routing/static-pages.ts), and its loader has no "@/".
import { localePath, type Lang } from "../i18n/locales";

/**
 * The site's page types: one entry per Prismic document type that has a page.
 * Route resolvers, the request router (proxy), the sitemap, the queries and the
 * navigation are all built from this table, so adding a page type is one edit here
 * (plus its custom type and its page in app/).
 */

export type ProjectStatus = "completed" | "in production";

/**
 * Where a page type is: one path that every language puts under its prefix (`/contact`,
 * `/en/contact`), or one path per language, each under its language's prefix, when the address is
 * a word of the language (`/accessibilite`, `/en/accessibility`). Either way a page has one URL per
 * language: the other language's word under this prefix is no page. Its page in the app's tree
 * (`app/[lang]/<route>`) is then named by `route`, one for every language.
 */
type PageTypePath = { path: string } | { path: { readonly [L in Lang]: string }; route: string };

type PageTypeEntry = PageTypePath & {
  /** A works list: which works it shows (no status: all of them). */
  list?: { status?: ProjectStatus };
  /** Where a link to it appears, with the translation key of its label. */
  nav?: { menu: "main" | "footer"; label: keyof Translations };
};

export const PAGE_TYPES = {
  home_page: { path: "/" },
  works_page: { path: "/works", list: {}, nav: { menu: "main", label: "common.works" } },
  works_completed_page: {
    path: "/works-completed",
    list: { status: "completed" },
    nav: { menu: "main", label: "common.works_completed" },
  },
  works_in_production_page: {
    path: "/works-in-production",
    list: { status: "in production" },
    nav: { menu: "main", label: "common.works_in_production" },
  },
  contact_page: { path: "/contact", nav: { menu: "main", label: "common.contact" } },
  legals_page: { path: "/legals", nav: { menu: "footer", label: "common.legals" } },
  accessibility_page: {
    path: { fr: "/accessibilite", en: "/accessibility" },
    route: "/accessibility",
    nav: { menu: "footer", label: "common.accessibility" },
  },
} as const satisfies Record<string, PageTypeEntry>;

export type PageType = keyof typeof PAGE_TYPES;
export type ListType = {
  [T in PageType]: (typeof PAGE_TYPES)[T] extends { list: object } ? T : never;
}[PageType];

export const PAGE_TYPE_NAMES = Object.keys(PAGE_TYPES) as PageType[];
export const LIST_TYPES = PAGE_TYPE_NAMES.filter((type): type is ListType => "list" in PAGE_TYPES[type]);

export function isListType(value: string): value is ListType {
  return (LIST_TYPES as string[]).includes(value);
}

export function listStatus(type: ListType): ProjectStatus | undefined {
  const list: { status?: ProjectStatus } = PAGE_TYPES[type].list;
  return list.status;
}

/** A work: the one page type with a uid. */
export const WORK_TYPE = "project";
export const WORK_PATH_PREFIX = "/works/";

/** Where broken links go, in every language: the 404 page. */
export const NOT_FOUND_PATH = "/not-found";

/** Works per list page: a multiple of the grid's 2, 3 and 4 columns. */
export const LIST_PAGE_SIZE = 24;

/** A page type's path in a language, before the language's prefix: "/accessibility" in English. */
export function pagePath(type: PageType, lang: Lang): string {
  const { path }: PageTypePath = PAGE_TYPES[type];
  return typeof path === "string" ? path : path[lang];
}

/** A page type's public path in a language: "/en/accessibility", "/legals", "/en". */
export function pagePublicPath(type: PageType, lang: Lang): string {
  return localePath(lang, pagePath(type, lang));
}

/** A page type's page in the app's tree under /<lang> ("/legals", "/accessibility", "/" for home). */
export function pageRoute(type: PageType): string {
  const entry: PageTypePath = PAGE_TYPES[type];
  return "route" in entry ? entry.route : entry.path;
}

/** The page type at a path read after a language's prefix ("/accessibilite" in French), if any. */
export function pageTypeAt(lang: Lang, path: string): PageType | undefined {
  return PAGE_TYPE_NAMES.find((type) => pagePath(type, lang) === path);
}

/** The navigation of one menu in a language, in table order, with each page's public path. */
export function navEntries(menu: "main" | "footer", lang: Lang) {
  return PAGE_TYPE_NAMES.flatMap((type) => {
    const entry: PageTypeEntry = PAGE_TYPES[type];
    return entry.nav?.menu === menu
      ? [{ type, path: pagePublicPath(type, lang), label: entry.nav.label }]
      : [];
  });
}
