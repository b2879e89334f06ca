// @ts-check
import { OUTSIDE_KINDS } from "../lib/routing/outside-paths.mjs";

/**
 * What server/main.mjs records of each answer: the request counted by page type and status (a page's
 * path answered with a redirect counts as `redirect`: an editor's, or Next's trailing slash), its
 * duration by page type and by the ISR cache's verdict (Next's `x-nextjs-cache` header, whichever
 * cache handler is behind it), and that verdict counted (hit, stale, miss).
 */

/** Next's x-nextjs-cache values, as the duration histogram's `cache` label. */
const CACHE_STATES = /** @type {Record<string, string>} */ ({
  HIT: "hit",
  STALE: "stale",
  MISS: "miss",
  REVALIDATED: "miss",
});

/** @param {unknown} header x-nextjs-cache as the answer set it */
export function cacheState(header) {
  return (typeof header === "string" && CACHE_STATES[header.toUpperCase()]) || "none";
}

/** Redirect statuses. */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * The page type an answer is counted under: the path's, as the request router reads it, or
 * `redirect` for a page's path answered with a redirect (files and route handlers keep their own).
 * @param {string} kind the path's page type @param {number} status
 */
export function answerKind(kind, status) {
  return REDIRECTS.has(status) && !OUTSIDE_KINDS.includes(kind) ? "redirect" : kind;
}

/**
 * @param {Pick<import("../lib/metrics/site-metrics.mjs").SiteMetrics, "requests" | "requestSeconds" | "isrCache" | "hooks">} metrics
 * @param {{ pathname: string; status: number; cache: string; seconds: number }} answer
 */
export function observeAnswer(metrics, { pathname, status, cache, seconds }) {
  const pageType = answerKind(metrics.hooks.requestKindOf(pathname), status);
  metrics.requests.inc({ page_type: pageType, status: String(status) });
  metrics.requestSeconds.observe({ page_type: pageType, cache }, seconds);
  if (cache !== "none") metrics.isrCache.inc({ result: cache });
  return pageType;
}
