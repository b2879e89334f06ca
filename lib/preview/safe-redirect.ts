import { NO_STORE } from "@/lib/net/cache-control";

/**
 * Redirect targets from content or query strings, kept on this site: only a
 * same-origin path ("/works/x?y#z") passes. Absolute URLs, protocol-relative
 * "//host", backslash tricks ("/\\host", "\\\\host") and their percent-encoded
 * forms all fall back.
 */
const PROBE_ORIGIN = "http://same-origin.invalid";

export function safeRedirectPath(candidate: unknown, fallback = "/"): string {
  if (typeof candidate !== "string" || !candidate.startsWith("/")) return fallback;
  // Browsers treat "\" like "/"; control characters can hide either.
  if (/[\\\u0000-\u001f\u007f]/.test(candidate)) return fallback;
  let decoded = candidate;
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      return fallback;
    }
  }
  if (decoded.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(decoded)) return fallback;
  let url: URL;
  try {
    url = new URL(candidate, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A 307 to a same-site path, as a relative Location: the browser resolves it
 * against the address it used. (Next's request URL names "localhost" even when
 * the site is reached as 127.0.0.1 or behind a proxy, so an absolute URL built
 * from it would send editors to another origin, without their cookies.)
 */
export function redirectToPath(path: string): Response {
  return new Response(null, { status: 307, headers: { location: path, ...NO_STORE } });
}
