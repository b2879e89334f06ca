// @ts-check
import { FRONT_HEADERS } from "./request-target.mjs";

/**
 * Request headers that belong to Next's internal protocol between its own parts (middleware
 * subrequests, data and prefetch requests of the pages router, matched-path hints of hosting
 * platforms, on-demand revalidation). No browser sends them, yet Next's server reads them from
 * any request: `x-middleware-prefetch: 1` answers an empty `{}` for a page, `x-nextjs-data: 1`
 * switches a request to the data protocol, `x-middleware-subrequest` once skipped middleware
 * entirely (CVE-2025-29927), `x-action-forwarded` marks a Server Action one worker passed to
 * another. A proxy cannot key on what it does not know, so `npm start` drops them before Next sees
 * the request: every request is read as the page request it is.
 * (Next's router headers, RSC, Next-Router-*, Next-Url and Next-Action, are the browser's and stay.)
 */
const INTERNAL =
  /^(?:x-(?:nextjs-|middleware-|now-|next-|invoke-|matched-path$|prerender-revalidate|action-forwarded$|invocation-id$)|next-resume$)/;
/** And the front's own, to the request router (server/request-target.mjs): only the front sets them. */
const OWN = new Set(Object.values(FRONT_HEADERS));

/**
 * Deletes the internal headers from a request's parsed headers (Node's lower-case names), in place.
 * @param {import("node:http").IncomingHttpHeaders} headers
 */
export function dropInternalHeaders(headers) {
  for (const name of Object.keys(headers)) {
    if (INTERNAL.test(name) || OWN.has(name)) delete headers[name];
  }
}
