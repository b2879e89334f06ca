// @ts-check
/**
 * The build's prerendered pages, written into an empty Redis (cache-handler.mjs) so that they are
 * served even when the content service is down. Two corrections to what the seeding library
 * (@fortedigital/nextjs-cache-handler's registerInitialCache) writes. Plain JavaScript:
 * cache-handler.mjs loads it at run time.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";

/**
 * When a page seeded from the build into an empty Redis counts as rendered: never later than
 * `staleAfterSeconds` ago, so it is stale at once (an older build's page is never taken for a
 * fresh one after a later publish: its first request starts a fresh render, and it serves only
 * until that render lands, or for as long as the content service is down), and never earlier than
 * `expireSeconds` ago less a minute (past that Next would refuse to serve it while rendering
 * anew, and show an error if the render fails).
 * @param {number} builtAt the build file's time (ms)
 * @param {number} now
 * @param {{ staleAfterSeconds: number; expireSeconds: number }} lifetimes
 */
export function seededAt(builtAt, now, { staleAfterSeconds, expireSeconds }) {
  const latest = now - staleAfterSeconds * 1000;
  const earliest = now - (expireSeconds - 60) * 1000;
  return Math.max(Math.min(builtAt, latest), earliest);
}

/**
 * Where Next 16 looks a prerendered page up: its route-cache key, which the build writes in the
 * page's `.meta` file (`routeCache.key`). The library writes the app path (`/fr/legals`), which
 * Next never reads, so without this no seeded page was ever served.
 * @param {string} serverDistDir the build's server folder (`.next/server`)
 * @param {string} appPath the page's app path, as the library names it
 */
export async function seedKey(serverDistDir, appPath) {
  try {
    const meta = JSON.parse(await readFile(path.join(serverDistDir, "app", `${appPath}.meta`), "utf8"));
    const key = meta?.routeCache?.key;
    return typeof key === "string" && key.startsWith("/") ? key : appPath;
  } catch {
    return appPath;
  }
}

/**
 * The app path a cache key is for (`/route-cache/APP_PAGE/<hash>/$/fr/legals` → `/fr/legals`), to
 * ask the server for that page anew; an app path stays as it is; anything else has none.
 * @param {string} key
 */
export function appPathOfCacheKey(key) {
  const at = key.indexOf("/$/");
  if (at >= 0) return key.slice(at + 2);
  return key.startsWith("/") && !key.startsWith("/route-cache/") ? key : undefined;
}
