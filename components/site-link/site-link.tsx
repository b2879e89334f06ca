import type { AnchorHTMLAttributes } from "react";

import { CLIENT_NAVIGATION_ATTRIBUTE, isRoutedLink } from "./client-navigation";

export type SiteLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/**
 * The site's link: a plain `<a>`, which the app router follows when it leads to a page of the site
 * in the same tab (ClientNavigation: a client navigation with the page transition, and the page
 * fetched ahead when a visitor reaches for the link). next/link did the same from a client
 * component per link and 4 kB (gzip) of script on every page; its default also fetched every link's
 * page as soon as it scrolled into view, with the pictures those pages preload, taking a phone's
 * bandwidth from the page's own first picture.
 */
export function SiteLink({ href, target, ...rest }: SiteLinkProps) {
  const routed = isRoutedLink({ href, target, download: rest.download });
  return (
    <a {...rest} href={href} target={target} {...(routed ? { [CLIENT_NAVIGATION_ATTRIBUTE]: "" } : {})} />
  );
}
