// @ts-check
/**
 * Render and regeneration times, read where every render ends: Next's ISR cache handler. A page
 * lookup (`get`) that finds nothing, then the page being stored (`set`), is a render the visitor
 * waited for; a lookup that found an entry followed by a store is a regeneration (a stale page was
 * served and rendered again in the background: a fresh hit stores nothing). Next calls no hook
 * around either, and its background regeneration ends after the request's own handling, so the
 * handler is the one place both are seen: cache-handler.mjs wraps whichever handler serves (Next's
 * own on memory and disk, or Redis's) with this.
 */

/** Next's name for a page entry (IncrementalCacheKind.APP_PAGE and CachedRouteKind.APP_PAGE). */
const PAGE = "APP_PAGE";

/** At most this many renders followed at once (a lookup whose render never stores is forgotten). */
const MAX_PENDING = 10_000;

/**
 * Any handler class: Next's and the Redis one differ in their types, not in get(key, ctx) and
 * set(key, data, ctx).
 * @typedef {new (...args: any[]) => { get(...args: any[]): Promise<any>; set(...args: any[]): Promise<any> }} CacheHandlerClass
 */

/**
 * The handler class with its page renders timed into `metrics`.
 * @template {CacheHandlerClass} C
 * @param {C} Base
 * @param {Pick<import("./site-metrics.mjs").SiteMetrics, "renderSeconds" | "regenerationSeconds">} metrics
 * @param {(internalPath: string) => string} kindOf the page type of an entry's app path
 * @param {() => number} [now] milliseconds
 * @returns {C}
 */
export function measuredCacheHandler(Base, metrics, kindOf, now = () => performance.now()) {
  /** @type {Map<string, { start: number; found: boolean }>} */
  const pending = new Map();
  return class MeasuredCacheHandler extends Base {
    /** @param {any[]} args key, ctx */
    async get(...args) {
      const [key, ctx] = /** @type {[string, { kind?: string } | undefined]} */ (args);
      const start = now();
      const entry = await super.get(...args);
      if (ctx?.kind === PAGE) {
        pending.delete(key);
        if (pending.size >= MAX_PENDING) pending.delete(/** @type {string} */ (pending.keys().next().value));
        pending.set(key, { start, found: entry !== null && entry !== undefined });
      }
      return entry;
    }

    /** @param {any[]} args key, data, ctx */
    async set(...args) {
      const [key, data] = /** @type {[string, { kind?: string } | null | undefined]} */ (args);
      const stored = await super.set(...args);
      const render = data?.kind === PAGE ? pending.get(key) : undefined;
      if (render) {
        pending.delete(key);
        const histogram = render.found ? metrics.regenerationSeconds : metrics.renderSeconds;
        histogram.observe({ page_type: kindOf(key) }, (now() - render.start) / 1000);
      }
      return stored;
    }
  };
}
