// @ts-check
/**
 * What server.mjs records of each answer: the request counted by page type and status, its
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

/**
 * @param {Pick<import("./site-metrics.mjs").SiteMetrics, "requests" | "requestSeconds" | "isrCache" | "hooks">} metrics
 * @param {{ pathname: string; status: number; cache: string; seconds: number }} answer
 */
export function observeAnswer(metrics, { pathname, status, cache, seconds }) {
  const pageType = metrics.hooks.requestKindOf(pathname);
  metrics.requests.inc({ page_type: pageType, status: String(status) });
  metrics.requestSeconds.observe({ page_type: pageType, cache }, seconds);
  if (cache !== "none") metrics.isrCache.inc({ result: cache });
  return pageType;
}
