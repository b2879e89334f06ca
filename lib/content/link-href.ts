/**
 * Whether an address from content may be linked: the site's own paths, http(s),
 * mail and phone. Never javascript:, data:, or a protocol-relative address.
 */
export function isSafeHref(href: string): boolean {
  if (/^\/(?!\/)|^#|^\?/.test(href)) return true;
  return /^(https?|mailto|tel):/i.test(href.trim()) && !/[\u0000-\u001f]/.test(href);
}
