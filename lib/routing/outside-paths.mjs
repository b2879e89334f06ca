// @ts-check
/**
 * Paths the site serves with something other than a page, each with the kind the metrics count it
 * under (lib/metrics/request-kind.ts) and what it reads of its query. Plain JavaScript: the request
 * router (resolve-path.ts) and `npm start`'s front (server/request-target.mjs) share it.
 *
 * The route handlers are each named, so any other /api/... is the site's 404. Nothing else under
 * /_next/: Next would read /_next/<name> as the internal /<lang>/... tree with the language
 * "_next" (a render and a cache entry per made-up name), and /_next/data/<build id>/<path>.json as
 * a page request for <path> (a pages router's data URL; this site has none): those are paths like
 * any other, 404s.
 */

/**
 * What a kind of path reads of its query: `none` (a file: its query is dropped before Next, so
 * `?v=2` is the same file), `own` (a handler that reads its own parameters, never stored by a
 * cache), or `image` (the optimiser's one spelling, server/image-request.mjs).
 * @typedef {"none" | "own" | "image"} QueryUse
 */

/**
 * Whether a path reads its request body itself, with its own bound (`own`: the publish webhook
 * reads up to 512 kB, a consent record 2 kB), or leaves a POST's body to the front's page limit (`page`: a page, and any
 * path that is a page in disguise, like /slice-simulator, can answer a Server Action).
 * @typedef {"own" | "page"} BodyUse
 */

/** @type {ReadonlyArray<[RegExp, string, QueryUse, BodyUse?]>} */
const OUTSIDE = [
  [/^\/sitemaps\/[^/]+\.xml$/, "seo", "none"],
  [/^\/_next\/static\//, "static", "none"],
  [/^\/_next\/image$/, "image", "image"],
  [/^\/api\/metrics$/, "metrics", "none"],
  [/^\/api\/(?:revalidate|consent)$/, "api", "own", "own"],
  [/^\/api\/(?:exit-preview|health|draft-session)$/, "api", "own"],
  [/^\/assets\/[^/]+$/, "asset", "none"],
  [/^\/preview$/, "preview", "own"],
  [/^\/slice-simulator$/, "slice_simulator", "own"],
  [/^\/(?:sitemap\.xml|robots\.txt)$/, "seo", "none"],
  [/^\/favicon\.ico$/, "other", "none"],
];

/** Every kind a path outside the pages is counted under. */
export const OUTSIDE_KINDS = [...new Set(OUTSIDE.map(([, kind]) => kind))];

/** @param {string} pathname */
function entryOf(pathname) {
  return OUTSIDE.find(([pattern]) => pattern.test(pathname));
}

/**
 * The kind of a path served by something other than a page, or undefined for a page's path.
 * @param {string} pathname
 */
export function outsideKind(pathname) {
  return entryOf(pathname)?.[1];
}

/**
 * What a path outside the pages reads of its query, or undefined for a page's path.
 * @param {string} pathname
 * @returns {QueryUse | undefined}
 */
export function outsideQueryUse(pathname) {
  return entryOf(pathname)?.[2];
}

/**
 * Who bounds a POST's body on this path: the handler itself, or the front's page limit (every page,
 * every other path).
 * @param {string} pathname
 * @returns {BodyUse}
 */
export function bodyUse(pathname) {
  return entryOf(pathname)?.[3] ?? "page";
}

/** Whether a path is served by something other than a page. @param {string} pathname */
export function isOutsidePath(pathname) {
  return entryOf(pathname) !== undefined;
}
