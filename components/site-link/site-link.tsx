"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ComponentProps } from "react";

export type SiteLinkProps = Omit<ComponentProps<typeof Link>, "href" | "prefetch"> & { href: string };

/** A path on this site the router can fetch ahead: `/…`, not `//host`, `/\host` or another scheme. */
export function isPrefetchablePath(href: string): boolean {
  return href.startsWith("/") && !href.startsWith("//") && !href.startsWith("/\\");
}

/**
 * The site's link: next/link, fetching its page ahead when a visitor shows the intent to follow
 * it (pointer over it, keyboard focus, a finger on it) rather than as soon as it scrolls into view.
 * next/link's viewport prefetch fetched every visible link's page on a first visit, and with it the
 * pictures those pages preload at high priority: on a phone they took bandwidth from the page's own
 * first picture, and each was a request to the servers for a page the visitor may never open.
 */
export function SiteLink({ href, target, onMouseEnter, onFocus, onTouchStart, ...rest }: SiteLinkProps) {
  const router = useRouter();
  const sameTab = !target || target === "_self";
  const prefetch = () => {
    if (sameTab && isPrefetchablePath(href)) router.prefetch(href);
  };
  return (
    <Link
      {...rest}
      href={href}
      target={target}
      prefetch={false}
      onMouseEnter={(event) => {
        onMouseEnter?.(event);
        prefetch();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        prefetch();
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event);
        prefetch();
      }}
    />
  );
}
