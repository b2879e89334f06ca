import { NO_STORE } from "@/lib/cache/lifetimes.mjs";
import { MAX_KEPT_QUERY_BYTES, MAX_PATH_BYTES } from "@/lib/net/url-limits.mjs";

/**
 * The longest Location the site sends: a path as long as the front lets one be and two kept
 * queries (a target's own and a visitor's). Next repeats a redirect's Location in a Refresh header,
 * and a proxy in front fails an instance whose answer's headers overflow its buffer (nginx: a 502,
 * counted against the instance), so no input may make one longer.
 */
export const MAX_LOCATION_BYTES = MAX_PATH_BYTES + 2 * MAX_KEPT_QUERY_BYTES;

/**
 * The one way the site redirects to a target taken from input (a query string, a
 * preview's resolved document URL): only a path on this site ever leaves it.
 *
 * The checks run on the value that is finally sent, after the URL parser has
 * normalised it, not on the input: "/.//evil.example" looks like a path, but its
 * dot segment is removed on the way and leaves "//evil.example", which a browser
 * reads as another host.
 */

/** A base no real request can share, so "same origin" means "a path only". */
const PROBE_ORIGIN = "http://same-origin.invalid";
/** A second base, deeper, so a target that is only "same origin" relative to one base is caught. */
const PROBE_PAGE = "https://site.invalid/a/b/c?q#h";

/** Browsers read "\" as "/" in a path, and drop tabs and newlines anywhere; control characters hide either. */
const UNSAFE_CHARACTERS = /[\\\u0000-\u001f\u007f]/;

/** Percent-decoded up to three times (double and triple encodings), or null when it does not decode. */
function decodedForms(value: string): string[] | null {
  const forms = [value];
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(forms[forms.length - 1]);
      if (next === forms[forms.length - 1]) break;
      forms.push(next);
    } catch {
      return null;
    }
  }
  return forms;
}

/**
 * Whether a value, as it is sent, can only mean a path of this site: it starts with one "/", and
 * neither it nor any of its decodings starts like a host ("//", "/\") or holds a character a
 * browser would drop or turn into a slash; it resolves to the base's own origin from any page.
 */
export function staysOnSite(path: string): boolean {
  const forms = decodedForms(path);
  if (!forms) return false;
  for (const form of forms) {
    if (!form.startsWith("/") || form.startsWith("//") || UNSAFE_CHARACTERS.test(form)) return false;
  }
  try {
    return (
      new URL(path, PROBE_ORIGIN).origin === PROBE_ORIGIN &&
      new URL(path, PROBE_PAGE).origin === new URL(PROBE_PAGE).origin
    );
  } catch {
    return false;
  }
}

/**
 * `candidate` as a same-site path ("/works/x?y#z", normalised as a browser would), or `fallback`
 * when it is anything else: an absolute or protocol-relative URL, a backslash or control-character
 * trick, an encoded form of one, or a path whose normalisation would leave the site.
 */
export function sameSitePath(candidate: unknown, fallback = "/"): string {
  if (typeof candidate !== "string" || !staysOnSite(candidate)) return fallback;
  let url: URL;
  try {
    url = new URL(candidate, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  const normalised = `${url.pathname}${url.search}${url.hash}`;
  // The value sent is checked again: normalisation (dot segments, encodings) must not open a way out.
  return staysOnSite(normalised) ? normalised : fallback;
}

/**
 * A 307 to `candidate` when it is a same-site path, else to `fallback`, as a relative Location the
 * browser resolves against the address it used. (Next's request URL names "localhost" even when
 * the site is reached as 127.0.0.1 or behind a proxy, so an absolute URL built from it would send
 * editors to another origin, without their cookies.) Never stored by any cache.
 */
export function redirectWithinSite(candidate: unknown, fallback = "/"): Response {
  const path = sameSitePath(candidate, sameSitePath(fallback));
  const location = path.length <= MAX_LOCATION_BYTES ? path : sameSitePath(fallback);
  return new Response(null, { status: 307, headers: { location, ...NO_STORE } });
}

/**
 * A redirect the request router (proxy.ts) answers to a same-site path: absolute on the request's
 * URL, which Next builds from the server's own address (never the Host header). Next's adapter
 * parses a proxy's Location without a base (a relative one is a 500), then sends it relative again,
 * being the same origin. Only the path decides where it leads and is checked (sameSitePath); the
 * query and fragment ride along as the URL parser serialises them, so a visitor's odd parameter
 * can never cancel the target. Never stored by any cache.
 */
export function routerRedirect(
  requestUrl: string,
  target: { path: string; query?: string; hash?: string },
  status: 307 | 308,
): Response {
  const path = sameSitePath(target.path.split(/[?#]/, 1)[0]);
  const location = new URL(path.length <= MAX_PATH_BYTES ? path : "/", requestUrl);
  location.search = target.query ?? "";
  location.hash = target.hash ?? "";
  // Too long with its query and fragment: the path alone, which decides where it leads.
  if (location.pathname.length + location.search.length + location.hash.length > MAX_LOCATION_BYTES) {
    location.search = "";
    location.hash = "";
  }
  return new Response(null, { status, headers: { location: location.href, ...NO_STORE } });
}
