// @ts-check
/**
 * How the site asks its own server for a fresh render of a page (after a publish, or of a page
 * seeded from the build). `npm start`'s front (server/main.mjs) holds a random token made as it
 * starts and, for a request that carries it, has Next render the page anew and store it
 * (server/rerender-gate.mjs). It leaves here where it listens and the token; the publish job
 * (features/publish/) and the cache handler find them. Under `next start` or `next dev` nothing is
 * left, and a publish only marks pages stale. Plain JavaScript: server/main.mjs loads it uncompiled.
 */
import { PRERENDER_REVALIDATE_HEADER } from "next/dist/lib/constants.js";

const HANDOFF_KEY = Symbol.for("site.rerender");

/** The request header that carries the token to the front. */
export const RERENDER_HEADER = "x-site-rerender";

/**
 * Next's header of an on-demand revalidation (a fresh render, stored for everyone), keyed by the
 * build's preview id: only the request router sets it (proxy.ts), the cache handler reads it.
 * Next's own constant, the one its server reads, so that both follow it should Next rename it.
 */
export const NEXT_RENDER_ANEW_HEADER = PRERENDER_REVALIDATE_HEADER;

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

/**
 * A target is a path (`/…`) and nothing else: the origin joined in front keeps any string on this
 * server, but a full URL or a `//host/…` here means a caller took a URL for a path.
 */
const OWN_TARGET = /^\/(?!\/)/;

/**
 * What came of asking for a fresh render: `rendered` when the server answered below 500 (a page,
 * a redirect, a 404 the content decided: what a visitor would get, and stored if it is a page),
 * with the answer's status for a caller that reports a failure.
 * @typedef {{ rendered: boolean; status: number }} RenderOutcome
 */

/**
 * Asks this server for a fresh render of the page at `target`, a public URL's path and query as a
 * visitor asks for it (Next writes the URL of the request that renders a page into the page it
 * stores, where the client router and crawlers read it). The outcome once the answer's body has
 * come; undefined without a front to ask. Rejects when the server does not answer within `timeoutMs`.
 * @param {object} scope globalThis @param {string} target @param {number} timeoutMs
 * @returns {Promise<RenderOutcome | undefined>}
 */
export async function renderAnew(scope, target, timeoutMs) {
  if (!OWN_TARGET.test(target)) throw new TypeError(`Not a path on this server: ${JSON.stringify(target)}`);
  const access = rerenderAccessFrom(scope);
  if (!access) return undefined;
  const response = await fetch(`${access.origin}${target}`, {
    headers: { [RERENDER_HEADER]: access.token, "accept-encoding": "identity" },
    redirect: "manual",
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.arrayBuffer();
  return { rendered: response.status < 500, status: response.status };
}
