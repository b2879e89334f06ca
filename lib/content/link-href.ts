import { staysOnSite } from "@/lib/net/same-site-redirect";

/**
 * Whether an address from content may be linked: the site's own paths, fragments and queries,
 * http(s), mail and phone. Never javascript:, data:, a protocol-relative address, or a path a
 * browser would read as another host ("/\evil.example", "/<tab>/evil.example": it turns "\" into
 * "/" and drops tabs and newlines): a path must pass the same check as a redirect's target.
 */
export function isSafeHref(href: string): boolean {
  if (/[\u0000-\u001f\u007f]/.test(href)) return false;
  if (href.startsWith("/")) return staysOnSite(href);
  if (/^[#?]/.test(href)) return true;
  return /^(https?|mailto|tel):/i.test(href.trim());
}
