// @ts-check
/**
 * How the site hands `npm start` (./main.mjs, plain JavaScript run as it is) what only Next's build
 * compiles: instrumentation.ts leaves it on globalThis under a `Symbol.for` key as Next prepares,
 * and the front takes it. Next runs register() without waiting for it (app.prepare() may resolve
 * first), so a taker that needs it before going on waits for it, with a bound.
 */

/**
 * Leaves `value` under `key`, or gives it to whoever already waits for it (handoffFrom).
 * @param {object} scope globalThis @param {symbol} key @param {unknown} value
 */
export function provideHandoff(scope, key, value) {
  const slot = /** @type {Record<symbol, unknown>} */ (scope);
  const waiting = slot[key];
  slot[key] = value;
  if (typeof waiting === "function" && /** @type {{ waiter?: true }} */ (waiting).waiter) waiting(value);
}

/**
 * What was left under `key`, at once or once it is; an error saying `missing` past `timeoutMs`.
 * @template T
 * @param {object} scope globalThis @param {symbol} key
 * @param {{ isReady(value: unknown): value is T; missing: string; timeoutMs: number }} expected
 * @returns {Promise<T>}
 */
export function handoffFrom(scope, key, { isReady, missing, timeoutMs }) {
  const slot = /** @type {Record<symbol, unknown>} */ (scope);
  const present = slot[key];
  if (isReady(present)) return Promise.resolve(present);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(missing)), timeoutMs);
    /** @param {unknown} value */
    const waiter = (value) => {
      clearTimeout(timer);
      if (isReady(value)) resolve(value);
      else reject(new Error(missing));
    };
    slot[key] = Object.assign(waiter, { waiter: /** @type {const} */ (true) });
  });
}

/**
 * What was left under `key` by now, if it is what is expected.
 * @template T
 * @param {object} scope globalThis @param {symbol} key @param {(value: unknown) => value is T} isReady
 * @returns {T | undefined}
 */
export function handoffNow(scope, key, isReady) {
  const present = /** @type {Record<symbol, unknown>} */ (scope)[key];
  return isReady(present) ? present : undefined;
}
