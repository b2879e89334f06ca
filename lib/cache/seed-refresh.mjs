// @ts-check
/**
 * The fresh renders of pages seeded from the build (cache-handler.mjs): one per page at a time,
 * whatever the number of visitors meeting its seed, and none for a while after one failed, so that
 * a flood of visitors during a content outage does not make one request each. Plain JavaScript:
 * cache-handler.mjs loads it at run time.
 *
 * A visitor waits for a render only so long; the render itself keeps its page's place until it
 * settles. The server goes on rendering a page whose asker stopped waiting (Next stores a page
 * before it answers), so asking again meanwhile would be a second render of the same page, and a
 * third, one per pause, for as long as the content service is slow.
 */

/**
 * @param {{ waitMs: number; settleMs: number; backoffMs: number }} timings `waitMs`: how long after
 *   a render was asked its page's visitors may wait for it before taking the seed; `settleMs`: how
 *   long a render may take before it is given up as failed; `backoffMs`: how long a page's visitors
 *   take the seed without asking again after its render failed
 */
export function seedRefreshes({ waitMs, settleMs, backoffMs }) {
  /** @type {Map<string, { settled: Promise<boolean>; waitUntil: number }>} */
  const underWay = new Map();
  /** @type {Map<string, number>} */
  const failedAt = new Map();
  return {
    /**
     * Whether `page` has been rendered anew: a render of it under way is waited for, else one is
     * asked by `render` (given its timeout; undefined when there is nothing to ask), unless the
     * last one failed within `backoffMs`. False past `waitMs` from when the render was asked, the
     * render going on. A render that rejects has failed.
     * @param {string} page @param {(timeoutMs: number) => Promise<boolean> | undefined} render
     * @returns {Promise<boolean>}
     */
    rendered(page, render) {
      if (Date.now() - (failedAt.get(page) ?? -Infinity) < backoffMs) return Promise.resolve(false);
      let refresh = underWay.get(page);
      if (!refresh) {
        const asked = render(settleMs);
        if (!asked) return Promise.resolve(false);
        const settled = asked
          .catch(() => false)
          .then((ok) => {
            if (ok) failedAt.delete(page);
            else failedAt.set(page, Date.now());
            return ok;
          })
          .finally(() => underWay.delete(page));
        refresh = { settled, waitUntil: Date.now() + waitMs };
        underWay.set(page, refresh);
      }
      return within(refresh.settled, refresh.waitUntil - Date.now());
    },
  };
}

/**
 * What `settled` comes to, or false once `ms` have passed.
 * @param {Promise<boolean>} settled @param {number} ms
 * @returns {Promise<boolean>}
 */
function within(settled, ms) {
  if (ms <= 0) return Promise.resolve(false);
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(resolve, ms, false);
  });
  return Promise.race([settled, late]).finally(() => clearTimeout(timer));
}
