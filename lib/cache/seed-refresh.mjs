// @ts-check
/**
 * The fresh renders of pages seeded from the build (cache-handler.mjs): one per page at a time,
 * whatever the number of visitors meeting its seed, and none for a while after one failed, so that
 * a flood of visitors during a content outage does not make one request each. Plain JavaScript:
 * cache-handler.mjs loads it at run time.
 */

/**
 * @param {{ waitMs: number; backoffMs: number }} timings `waitMs`: how long a render may take
 *   before the visitor gets the seed; `backoffMs`: how long a page's visitors get the seed without
 *   asking again after its render failed
 */
export function seedRefreshes({ waitMs, backoffMs }) {
  /** @type {Map<string, Promise<boolean>>} */
  const underWay = new Map();
  /** @type {Map<string, number>} */
  const failedAt = new Map();
  return {
    /**
     * Whether `page` has been rendered anew: a render of it under way is waited for, else one is
     * asked by `render` (given its timeout; undefined when there is nothing to ask), unless the
     * last one failed within `backoffMs`. A render that rejects has failed.
     * @param {string} page @param {(timeoutMs: number) => Promise<boolean> | undefined} render
     * @returns {Promise<boolean>}
     */
    rendered(page, render) {
      if (Date.now() - (failedAt.get(page) ?? -Infinity) < backoffMs) return Promise.resolve(false);
      const present = underWay.get(page);
      if (present) return present;
      const asked = render(waitMs);
      if (!asked) return Promise.resolve(false);
      const refresh = asked
        .catch(() => false)
        .then((ok) => {
          if (ok) failedAt.delete(page);
          else failedAt.set(page, Date.now());
          return ok;
        })
        .finally(() => underWay.delete(page));
      underWay.set(page, refresh);
      return refresh;
    },
  };
}
