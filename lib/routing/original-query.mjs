// @ts-check
/**
 * The query a visitor sent, for the one answer that needs it whole: an editor's redirect
 * (lib/routing/redirects.ts), whose Location keeps it. `npm start` hands Next a page request with
 * only the parameters pages read (page-request.mjs), so it passes the original query in this
 * header, which it first removes from the client's request (internal-headers.mjs): the request
 * router reads it only to build a same-site Location, never a page.
 */
export const ORIGINAL_QUERY_HEADER = "x-site-original-query";

/**
 * The longest visitor's query a redirect keeps (characters, as sent). Past it, a redirect drops
 * the visitor's query: a Location of several kilobytes overflows the response-header buffer of a
 * proxy in front (nginx's default 4 kB: a 502 that also counts the instance as failing, so a few
 * such requests took every instance out of rotation), and no link a visitor follows needs it.
 */
export const MAX_KEPT_QUERY = 1024;

/**
 * Whether Next answers a path with its own trailing-slash redirect (`/:path+/` → `/:path+`, before
 * the request router and any page): one or more non-empty segments and one final slash, and
 * nothing URL parsing would change first: no dot segment (`.`, `..`, `%2e`: `/a/../` is `/`, a
 * page) and no backslash (a slash to the parser). Such a request keeps its whole query, so that
 * redirect keeps it for the visitor (an editor's redirect then sees it as any other request); no
 * page reads it.
 * @param {string} pathname
 */
export function isTrailingSlashRedirect(pathname) {
  return /^(?:\/(?!(?:\.|%2e){1,2}\/)[^/\\]+)+\/$/i.test(pathname);
}

/**
 * A request target's query as a header value: raw, without "?", anything outside printable ASCII
 * percent-encoded (Node hands a request line's bytes over as latin1). Undefined without a query,
 * or when it is longer than a redirect keeps (MAX_KEPT_QUERY).
 * @param {string} target
 */
export function originalQuery(target) {
  const mark = target.indexOf("?");
  if (mark === -1 || mark === target.length - 1) return undefined;
  const query = target
    .slice(mark + 1)
    .replace(
      /[^\x21-\x7e]/g,
      (character) => `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`,
    );
  return query.length <= MAX_KEPT_QUERY ? query : undefined;
}
