// @ts-check
/**
 * How the site asks its own server for a fresh render after a publish. `npm start`'s front
 * (server/main.mjs) holds a random token made as it starts and, for a request that carries it,
 * tells Next to render the page anew and store it (Next's on-demand revalidation, whose own header
 * the front drops from every other request). It leaves here where it listens and the token; the
 * publish job (features/publish/) finds them. Under `next start` or `next dev` nothing is left, and a
 * publish only marks pages stale. Plain JavaScript: server/main.mjs loads it uncompiled.
 */

const HANDOFF_KEY = Symbol.for("site.rerender");

/** The request header that carries the token to the front. */
export const RERENDER_HEADER = "x-site-rerender";

/**
 * @typedef {{ origin: string; token: string }} RerenderAccess
 */

/** @param {object} scope globalThis @param {RerenderAccess} access */
export function provideRerenderAccess(scope, access) {
  /** @type {Record<symbol, unknown>} */ (scope)[HANDOFF_KEY] = access;
}

/** @param {object} scope globalThis @returns {RerenderAccess | undefined} */
export function rerenderAccessFrom(scope) {
  const access = /** @type {Record<symbol, unknown>} */ (scope)[HANDOFF_KEY];
  if (typeof access !== "object" || access === null) return undefined;
  const { origin, token } = /** @type {Partial<RerenderAccess>} */ (access);
  return typeof origin === "string" && typeof token === "string" ? { origin, token } : undefined;
}
