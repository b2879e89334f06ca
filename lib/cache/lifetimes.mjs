// @ts-check
/**
 * How long a rendered page may be served stale while a fresh one renders, in
 * seconds: Next's `expireTime` (the `stale-while-revalidate` a cache in front
 * is told), and how long the shared cache keeps an entry nobody asked for.
 * Plain JavaScript because the Redis cache handler, loaded by Next at run time
 * without compiling, reads it too.
 */
export const EXPIRE_SECONDS = 24 * 60 * 60;
