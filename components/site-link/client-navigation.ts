/**
 * Which events the app router answers instead of the browser: the site's links (SiteLink marks
 * them with CLIENT_NAVIGATION_ATTRIBUTE) to a page of this origin, followed in the same tab.
 * Everything else (a modified or middle click, another tab, a download, another origin, the
 * language switch, which loads the other language as a new document) is left to the browser.
 */

/** The attribute SiteLink puts on the links the app router may follow. */
export const CLIENT_NAVIGATION_ATTRIBUTE = "data-client-nav";

/** A path on this site the router can fetch: `/…`, not `//host`, `/\host` or another scheme. */
export function isSitePath(href: string): boolean {
  return href.startsWith("/") && !href.startsWith("//") && !href.startsWith("/\\");
}

/** The site link an event happened on (or inside), if any. */
export function siteLinkOf(target: EventTarget | null): HTMLAnchorElement | null {
  const link = target instanceof Element ? target.closest(`a[href][${CLIENT_NAVIGATION_ATTRIBUTE}]`) : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("download")) return null;
  if (link.target && link.target !== "_self") return null;
  return link;
}

/** Where a link leads, as the router takes it (path, query and hash), or null when off this origin. */
export function routerHref(link: HTMLAnchorElement, origin: string): string | null {
  const url = new URL(link.href);
  return url.origin === origin ? url.pathname + url.search + url.hash : null;
}

type Click = Pick<
  MouseEvent,
  "defaultPrevented" | "button" | "metaKey" | "ctrlKey" | "shiftKey" | "altKey" | "target"
>;

/** Where a click sends the app router, or null when the browser should handle it. */
export function clientNavigationOf(event: Click, origin: string): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = siteLinkOf(event.target);
  return link ? routerHref(link, origin) : null;
}
