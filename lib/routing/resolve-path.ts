import { LANGS, LOCALES, type Lang } from "@/lib/i18n/locales";
import { isValidUid } from "@/lib/content/uid";
import { isOutsidePath } from "@/lib/routing/outside-paths.mjs";
import { pageInternalPath } from "@/lib/routing/static-pages";
import { CATEGORY_PARAM, categoryOfSlug, categorySlug, type WorkCategory } from "@/lib/site/work-categories";
import {
  isListType,
  NOT_FOUND_PATH,
  pagePublicPath,
  pageRoute,
  pageTypeAt,
  WORK_PATH_PREFIX,
  type ListType,
  type PageType,
} from "@/lib/site/page-types";

/**
 * Where a public URL goes, decided before anything renders (the request router
 * in proxy.ts). Every language shares one app tree under /<lang>/...; a 404 is
 * decided here so it renders as a real page with status 404 (a notFound() thrown
 * from a page sends an empty HTML shell in production, vercel/next.js#62228).
 * Pure: the content checks (does this work exist? this list page?) are the
 * caller's, named by `kind`.
 */
export type Resolution =
  | { kind: "outside" }
  | { kind: "page"; lang: Lang; type: PageType; internal: string }
  | {
      kind: "list";
      lang: Lang;
      type: ListType;
      category: WorkCategory | null;
      page: number;
      internal: string;
    }
  | { kind: "work"; lang: Lang; uid: string; internal: string }
  | { kind: "not-found"; lang: Lang; internal: string };

/** The highest list page a URL may name; beyond it is a 404 without asking the API. */
export const MAX_LIST_PAGE = 10_000;

/** One page of a works list, narrowed to a category or not (null). */
export interface ListView {
  type: ListType;
  category: WorkCategory | null;
  page: number;
}

/** The parameters a list reads (every other page reads none). */
export const LIST_PARAMS: readonly string[] = [CATEGORY_PARAM, "page"];

/** The internal path segment of a list's filter: a category's slug, or this for the whole list. */
export const UNFILTERED = "all";

/** The internal app path of a list page (one route serves the three lists and their filters). */
export function listInternalPath(lang: Lang, { type, category, page }: ListView): string {
  return `/${lang}/lists/${type}/${category ? categorySlug(category) : UNFILTERED}/${page}`;
}

/** The internal app path of the 404 page in a language. */
export function notFoundInternalPath(lang: Lang): string {
  return `/${lang}${NOT_FOUND_PATH}`;
}

function splitLang(pathname: string): { lang: Lang; rest: string } {
  for (const lang of LANGS) {
    const prefix = LOCALES[lang].prefix;
    if (prefix && (pathname === prefix || pathname.startsWith(`${prefix}/`))) {
      return { lang, rest: pathname.slice(prefix.length) || "/" };
    }
  }
  const fallback = LANGS.find((lang) => LOCALES[lang].prefix === "");
  return { lang: fallback ?? LANGS[0], rest: pathname };
}

/** `?page=N`: 1 when absent, null when malformed, repeated or out of range. */
function pageNumber(search: URLSearchParams): number | null {
  const values = search.getAll("page");
  if (values.length === 0) return 1;
  if (values.length > 1 || !/^[1-9]\d{0,5}$/.test(values[0])) return null;
  const page = Number(values[0]);
  return page <= MAX_LIST_PAGE ? page : null;
}

/** `?category=<slug>`: null when absent, undefined when empty, repeated or not a category's slug. */
function categoryFilter(search: URLSearchParams): WorkCategory | null | undefined {
  const values = search.getAll(CATEGORY_PARAM);
  if (values.length === 0) return null;
  return values.length === 1 ? categoryOfSlug(values[0]) : undefined;
}

/** Whether a path's percent-encoding is well formed (Next answers 500 to a route param it cannot decode). */
function decodes(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export function resolvePath(pathname: string, search: URLSearchParams): Resolution {
  const { lang, rest } = splitLang(pathname);
  const notFound: Resolution = { kind: "not-found", lang, internal: notFoundInternalPath(lang) };
  if (isOutsidePath(pathname)) {
    return decodes(pathname) ? { kind: "outside" } : notFound;
  }

  // Only this language's path: another language's word under this prefix is no page.
  const type = pageTypeAt(lang, rest);
  if (type) {
    if (!isListType(type))
      return { kind: "page", lang, type, internal: pageInternalPath(lang, pageRoute(type)) };
    const page = pageNumber(search);
    const category = categoryFilter(search);
    if (page === null || category === undefined) return notFound;
    const view: ListView = { type, category, page };
    return { kind: "list", lang, ...view, internal: listInternalPath(lang, view) };
  }

  if (rest.startsWith(WORK_PATH_PREFIX)) {
    const uid = rest.slice(WORK_PATH_PREFIX.length);
    // The validate step: one segment that can be a Prismic uid, or a 404.
    if (isValidUid(uid)) return { kind: "work", lang, uid, internal: `/${lang}${WORK_PATH_PREFIX}${uid}` };
  }
  return notFound;
}

/**
 * The public URL of a list page: its path, then `?category=<slug>` when filtered and `page=N` from
 * the second page on, in that order (the one spelling canonical URLs and links use).
 */
export function listPublicPath(lang: Lang, { type, category, page }: ListView): string {
  const query = [
    ...(category ? [`${CATEGORY_PARAM}=${categorySlug(category)}`] : []),
    ...(page > 1 ? [`page=${page}`] : []),
  ];
  const path = pagePublicPath(type, lang);
  return query.length ? `${path}?${query.join("&")}` : path;
}
