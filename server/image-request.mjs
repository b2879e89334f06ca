// @ts-check
/**
 * Which requests `npm start` lets reach Next's image optimiser (/_next/image). The optimiser keys
 * its cache on the `url` parameter as sent but fetches the path it normalises to, so every
 * spelling of one picture (`/assets/x/../a.jpg`, `/assets/%61.jpg`, a `#…`, a trailing `?`) was a
 * new encode (0.7 s of a core for an AVIF) and a new file on disk, without limit; some spellings
 * (`/assets//a.jpg`) answered 500. The site asks for one spelling only, what next/image writes for
 * its own files: `?url=%2Fassets%2F<name>&w=<width>&q=<quality>` (pictures from a hosted
 * repository go straight to Prismic's CDN, never through here). Anything else is refused before
 * Next sees it.
 */

/** Next's image optimiser. */
export const IMAGE_PATH = "/_next/image";

/** A bundled asset's path: one file name in /assets/, no dot segment. */
const ASSET_PATH = /^\/assets\/(?!\.)[A-Za-z0-9._-]{1,200}$/;

/** Digits without a leading zero, as next/image writes widths and qualities. */
const NUMBER = /^[1-9]\d{0,4}$/;

/**
 * Whether an image request's query (without its "?") is the one spelling the site writes.
 * @param {string} query
 */
export function isCanonicalImageQuery(query) {
  const parts = query.split("&");
  if (parts.length !== 3) return false;
  const [url, w, q] = parts.map((part) => part.split("="));
  if (url.length !== 2 || w.length !== 2 || q.length !== 2) return false;
  if (url[0] !== "url" || w[0] !== "w" || q[0] !== "q") return false;
  if (!NUMBER.test(w[1]) || !NUMBER.test(q[1])) return false;
  // next/image encodes the path with encodeURIComponent: "/" as %2F, nothing else of a file name.
  let path;
  try {
    path = decodeURIComponent(url[1]);
  } catch {
    return false;
  }
  return ASSET_PATH.test(path) && encodeURIComponent(path) === url[1];
}
