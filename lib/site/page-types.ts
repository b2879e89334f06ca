import type { Translations } from "@/lib/i18n/default-translations";

/**
 * The site's page types: one entry per Prismic document type that has a page.
 * Route resolvers, the request router (proxy), the sitemap, the queries and the
 * navigation are all built from this table, so adding a page type is one edit here
 * (plus its custom type and its page in app/).
 */

export type ProjectStatus = "completed" | "in production";

interface PageTypeEntry {
  /** Public path in the default language (other languages add their prefix). */
  path: string;
  /** A works list: which works it shows (no status: all of them). */
  list?: { status?: ProjectStatus };
  /** Where a link to it appears, with the translation key of its label. */
  nav?: { menu: "main" | "footer"; label: keyof Translations };
}

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

/** The navigation of one menu, in table order. */
export function navEntries(menu: "main" | "footer") {
  return PAGE_TYPE_NAMES.flatMap((type) => {
    const entry: PageTypeEntry = PAGE_TYPES[type];
    return entry.nav?.menu === menu ? [{ type, path: entry.path, label: entry.nav.label }] : [];
  });
}
