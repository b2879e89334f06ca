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

/** Whether SiteLink marks a link for the router: a page of the site, opened in this tab, not a download. */
export function isRoutedLink({
  href,
  target,
  download,
}: {
  href: string;
  target?: string;
  download?: unknown;
}) {
  return (
    isSitePath(href) && (!target || target === "_self") && (download === undefined || download === false)
  );
}

/** The link SiteLink marked for the router that an event happened on (or inside), if any. */
export function siteLinkOf(target: EventTarget | null): HTMLAnchorElement | null {
  const link = target instanceof Element ? target.closest(`a[href][${CLIENT_NAVIGATION_ATTRIBUTE}]`) : null;
  return link instanceof HTMLAnchorElement ? link : null;
}

/**
 * Where a link leads, as the router takes it (path, query and hash), or null when the browser
 * should follow it itself: another origin, or a path the router would read as another host. The
 * browser resolves `/.//evil.example/x` to the path `//evil.example/x` on this site, which the
 * router, given that path alone, would resolve against the page as a protocol-relative address.
 */
export function routerHref(link: HTMLAnchorElement, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(link.href);
  } catch {
    // An href no URL parser takes (`//`, `http://`) stays as written in link.href: the browser's.
    return null;
  }
  if (url.origin !== origin || url.pathname.startsWith("//")) return null;
  return url.pathname + url.search + url.hash;
}

/** What ClientNavigation dispatches on the document as it hands a click to the router (detail: the href). */
export const CLIENT_NAVIGATION_EVENT = "site:client-navigation";

type Click = Pick<
  MouseEvent,
  "defaultPrevented" | "button" | "metaKey" | "ctrlKey" | "shiftKey" | "altKey" | "target"
>;

/** Whether a click on a link opens it elsewhere (a new tab or window, a download) with a modifier held. */
export function opensElsewhere(event: Pick<Click, "metaKey" | "ctrlKey" | "shiftKey" | "altKey">): boolean {
  return event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/** Where a click sends the app router, or null when the browser should handle it. */
export function clientNavigationOf(event: Click, origin: string): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (opensElsewhere(event)) return null;
  const link = siteLinkOf(event.target);
  return link ? routerHref(link, origin) : null;
}
