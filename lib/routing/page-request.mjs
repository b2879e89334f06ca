// @ts-check
/**
 * Which requests are for site pages, and what of their query a page reads. Plain JavaScript:
 * the request router (resolve-path.ts) and `npm start` (server.mjs, before Next sees a request)
 * share it.
 */

/**
 * Paths that are not site pages, each with the kind the metrics count it under
 * (lib/metrics/request-kind.ts): Next's files and images, the route handlers (each named, so any
 * other /api/... is the site's 404), metadata files. Nothing else under /_next/: Next would read
 * /_next/<name> as the internal /<lang>/... tree with the language "_next" (a render and a cache
 * entry per made-up name), and /_next/data/<build id>/<path>.json as a page request for <path>
 * (a pages router's data URL; this site has none): those are paths like any other, 404s.
 * @type {ReadonlyArray<[RegExp, string]>}
 */
const OUTSIDE = [
  [/^\/sitemaps\/[^/]+\.xml$/, "seo"],
  [/^\/_next\/static\//, "static"],
  [/^\/_next\/image$/, "image"],
  [/^\/api\/metrics$/, "metrics"],
  [/^\/api\/(?:revalidate|exit-preview|health|draft-session)$/, "api"],
  [/^\/assets\/[^/]+$/, "asset"],
  [/^\/preview\/?$/, "preview"],
  [/^\/slice-simulator\/?$/, "slice_simulator"],
];
/** @type {ReadonlyMap<string, string>} */
const OUTSIDE_FILES = new Map([
  ["/sitemap.xml", "seo"],
  ["/robots.txt", "seo"],
  ["/favicon.ico", "other"],
]);

/** Every kind a path outside the pages is counted under. */
export const OUTSIDE_KINDS = [...new Set([...OUTSIDE.map(([, kind]) => kind), ...OUTSIDE_FILES.values()])];

/**
 * The kind of a path served by something other than a page, or undefined for a page's path.
 * @param {string} pathname
 */
export function outsideKind(pathname) {
  return OUTSIDE_FILES.get(pathname) ?? OUTSIDE.find(([pattern]) => pattern.test(pathname))?.[1];
}

/** Whether a path is served by something other than a page (its own query is its own business). @param {string} pathname */
export function isOutsidePath(pathname) {
  return outsideKind(pathname) !== undefined;
}

/**
 * Whether a request target is one a browser sends to an origin: a path (origin form), without a
 * fragment. The rest (`*`, `http://host/path`, a `#` a browser never sends) is refused before Next
 * sees it: Next read an absolute target's host into its redirects (`http://evil.example/works`
 * answered 308 to it), answered `*` with a bare 500, and after a `#` read parameters nginx's cache
 * key (which ends its query there) did not hold (`/works?x#&page=2` stored page 2 under `/works`).
 * @param {string} target
 */
export function isOriginFormTarget(target) {
  return target.startsWith("/") && !target.includes("#");
}

/**
 * The query parameters a page reads: a list's page and category filter (the router) and Next's
 * navigation hash. deploy/nginx/site.conf's cache key keeps the same ones (page-request.test.ts).
 */
export const PAGE_QUERY = new Set(["page", "category", "_rsc"]);

/** A query part's parameter name, decoded as URLSearchParams reads it. @param {string} part */
export function parameterName(part) {
  const name = part.split("=", 1)[0].replace(/\+/g, " ");
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/**
 * A page request's target with only the parameters pages read, each as sent (no other change to
 * the path or the query). Next writes the URL of the request that renders a page into the page it
 * then keeps for everyone (the RSC payload's "c" and "q"): a visitor's ?email=… or ?utm_…=… would
 * be shown to every later visitor. Analytics read the query in the browser, where it is untouched.
 * Other requests (files, route handlers, the preview, the simulator) keep their query.
 * @param {string} target the request line's target ("/works?page=2&utm_source=x")
 */
export function pageRequestTarget(target) {
  const mark = target.indexOf("?");
  if (mark === -1 || !target.startsWith("/")) return target;
  const pathname = target.slice(0, mark);
  if (isOutsidePath(pathname)) return target;
  const kept = target
    .slice(mark + 1)
    .split("&")
    .filter((part) => PAGE_QUERY.has(parameterName(part)));
  return kept.length ? `${pathname}?${kept.join("&")}` : pathname;
}
