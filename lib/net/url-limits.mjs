// @ts-check
/**
 * How long the parts of a URL the site reads or writes may be, in encoded bytes: the front
 * refuses longer (server/request-target.mjs), the redirects the site writes never exceed them
 * (lib/net/same-site-redirect.ts), and editors' rows that could not fit are refused
 * (lib/routing/redirects.ts). Plain constants, free of any code, as browser bundles import them too.
 */

/** The longest target accepted as sent (nginx's request-line buffer is 8 kB as well). */
export const MAX_TARGET_BYTES = 8192;
/** The longest path, counted in the site's spelling (encoded bytes): ten times the site's longest. */
export const MAX_PATH_BYTES = 1024;
/**
 * The longest visitor's query carried on (to a redirect's Location, or to the request router for
 * an editor's redirect), counted re-encoded. Past it the visitor's other parameters are dropped:
 * no link a visitor follows needs more, and every header that may echo it stays far below a
 * proxy's buffer.
 */
export const MAX_KEPT_QUERY_BYTES = 1024;
