import { isLang } from "@/lib/i18n/locales";
import type { RequestKind } from "@/lib/metrics/site-metrics.mjs";
import { OUTSIDE_KINDS, outsideKind } from "@/lib/routing/outside-paths.mjs";
import { resolvePath } from "@/lib/routing/resolve-path";
import {
  isListType,
  NOT_FOUND_PATH,
  PAGE_TYPE_NAMES,
  pageRoute,
  WORK_PATH_PREFIX,
  WORK_TYPE,
  type ListType,
} from "@/lib/site/page-types";

/**
 * Every page type a request is counted under: a fixed set, whatever the path. `redirect`: a page's
 * path answered with a redirect (lib/metrics/request-metrics.mjs).
 */
export const REQUEST_KINDS: readonly RequestKind[] = [
  ...new Set([...PAGE_TYPE_NAMES, WORK_TYPE, "not_found", "redirect", ...OUTSIDE_KINDS, "other"]),
];

/**
 * The page type a request is counted under (site_http_requests_total), read from its path the way
 * the request router reads it (resolvePath): a list's later pages count as the list, a made-up
 * path as not_found. The status tells the rest (a work that does not exist is a `project` 404).
 */
export function requestKindOf(pathname: string): RequestKind {
  const resolution = resolvePath(pathname, new URLSearchParams());
  switch (resolution.kind) {
    case "page":
    case "list":
      return resolution.type;
    case "work":
      return WORK_TYPE;
    case "not-found":
      return "not_found";
    case "outside":
      return outsideKind(pathname) ?? "other";
  }
}

/**
 * The page type of an ISR cache entry, named by the app path it renders ("/fr/legals",
 * "/en/lists/works_page/2", "/fr/works/electrique", "/en"), as its key ends in Next 16
 * ("/route-cache/APP_PAGE/<hash>/$/fr/legals"): the renders' histograms' label.
 */
export function renderKindOf(cacheKey: string): RequestKind {
  const mark = cacheKey.lastIndexOf("/$/");
  const internalPath = mark === -1 ? cacheKey : cacheKey.slice(mark + 2);
  const [, lang, section, ...rest] = internalPath.split("/");
  if (!isLang(lang)) return "other";
  if (section === undefined || section === "") return "home_page";
  if (section === "lists") return isListType(rest[0] ?? "") ? (rest[0] as ListType) : "other";
  if (`/${section}` === NOT_FOUND_PATH && rest.length === 0) return "not_found";
  if (`/${section}/` === WORK_PATH_PREFIX && rest.length === 1) return WORK_TYPE;
  const type = PAGE_TYPE_NAMES.find((name) => pageRoute(name) === `/${section}`);
  return type && rest.length === 0 ? type : "other";
}
