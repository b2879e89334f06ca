// @ts-check
/**
 * How long answers may be kept. Plain JavaScript because the Redis cache handler, loaded by Next
 * at run time without compiling, reads it too.
 */

/**
 * How long a rendered page may be served stale while a fresh one renders, in seconds: Next's
 * `expireTime` (the `stale-while-revalidate` a cache in front is told), and how long the shared
 * cache keeps an entry nobody asked for.
 */
export const EXPIRE_SECONDS = 24 * 60 * 60;

/** Headers of an answer no cache may keep (a browser's, nginx's or a CDN's): health, webhooks, redirects. */
export const NO_STORE = { "cache-control": "no-store, max-age=0" };
