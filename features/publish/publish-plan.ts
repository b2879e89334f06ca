/**
 * Which pages a publish changes, from what Prismic's webhook names. A page type's document (home,
 * lists, contact, legal notices) changes its own page; a work changes its page, its language's
 * home page and the first page of each works list, unfiltered and filtered by each of its
 * categories (the later pages of a list, like every page, are marked stale and render anew on their
 * next visit). Anything else (settings, navigation, translations, redirects, a document no longer
 * published) or a payload that names nothing changes every page.
 */
import { LANGS, localePath, type Lang } from "@/lib/i18n/locales";
import { listPublicPath } from "@/lib/routing/resolve-path";
import {
  LIST_TYPES,
  NOT_FOUND_PATH,
  PAGE_TYPE_NAMES,
  pagePublicPath,
  WORK_PATH_PREFIX,
  WORK_TYPE,
} from "@/lib/site/page-types";
import { WORK_CATEGORIES, type WorkCategory } from "@/lib/site/work-categories";

/** Past this many documents, a release is re-rendered whole rather than looked up. */
export const MAX_NAMED_DOCUMENTS = 200;

export interface ChangedDocument {
  type: string;
  lang: Lang | undefined;
  /** Its page's path, as the link resolver writes it (none for a document without a page). */
  url: string | null | undefined;
  /** A work's categories (model values). */
  categories: readonly string[];
}

/**
 * The ids of the documents a webhook payload names (`documents`: Prismic's publish and unpublish
 * events), or undefined when it names none, names too many, or is not shaped as Prismic sends it.
 */
export function payloadDocumentIds(body: unknown): string[] | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const documents = (body as { documents?: unknown }).documents;
  if (!Array.isArray(documents) || documents.length === 0 || documents.length > MAX_NAMED_DOCUMENTS)
    return undefined;
  if (!documents.every((id) => typeof id === "string" && /^[\w-]{1,128}$/.test(id))) return undefined;
  return [...new Set(documents as string[])];
}

const isCategory = (value: string): value is WorkCategory =>
  (WORK_CATEGORIES as readonly string[]).includes(value);

/** A list's first page, unfiltered or filtered by one category. */
function listFirstPages(lang: Lang, categories: readonly WorkCategory[]): string[] {
  return LIST_TYPES.flatMap((type) =>
    [null, ...categories].map((category) => listPublicPath(lang, { type, category, page: 1 })),
  );
}

/**
 * The paths the changed documents' pages are at, or "everything". `found` are the documents the
 * content service returned for the `named` ids: one missing was unpublished or deleted, and where
 * its page was (and which lists showed it) is not known any more.
 */
export function pathsForDocuments(named: number, found: readonly ChangedDocument[]): string[] | "everything" {
  if (found.length < named) return "everything";
  const paths = new Set<string>();
  for (const document of found) {
    if (!document.url || !document.lang) return "everything";
    if (document.type === WORK_TYPE) {
      paths.add(document.url);
      paths.add(pagePublicPath("home_page", document.lang));
      for (const path of listFirstPages(document.lang, document.categories.filter(isCategory)))
        paths.add(path);
    } else if ((PAGE_TYPE_NAMES as string[]).includes(document.type)) paths.add(document.url);
    else return "everything";
  }
  return [...paths];
}

/**
 * Every page, the most visited kinds first: home pages, the lists' first pages (unfiltered and by
 * each category), the other pages, the works, the 404 pages and the sitemap.
 * @param pagePaths every page and work as the sitemap lists them (paths)
 * @param sitemapParts how many parts the sitemap has (an index of /sitemaps/<n>.xml past one)
 */
export function everyPath(pagePaths: readonly string[], sitemapParts: number): string[] {
  const homes = LANGS.map((lang) => pagePublicPath("home_page", lang));
  const lists = LANGS.flatMap((lang) => listFirstPages(lang, WORK_CATEGORIES));
  const notFound = LANGS.map((lang) => localePath(lang, NOT_FOUND_PATH));
  const sitemaps = [
    "/sitemap.xml",
    ...(sitemapParts > 1
      ? Array.from({ length: sitemapParts }, (_, index) => `/sitemaps/${index + 1}.xml`)
      : []),
  ];
  const isWork = (path: string) => path.includes(WORK_PATH_PREFIX);
  const works = pagePaths.filter(isWork);
  const others = pagePaths.filter((path) => !isWork(path));
  return [...new Set([...homes, ...lists, ...others, ...works, ...notFound, ...sitemaps])];
}
