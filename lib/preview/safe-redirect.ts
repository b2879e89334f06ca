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
