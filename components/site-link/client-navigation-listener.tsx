"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

import { CLIENT_NAVIGATION_EVENT, clientNavigationOf, routerHref, siteLinkOf } from "./client-navigation";

/**
 * Follows the site's links (SiteLink) with the app router: a plain click navigates on the client
 * (announced as CLIENT_NAVIGATION_EVENT, which the progress bar follows), and a pointer over a
 * link or keyboard focus on it fetches its page ahead. Not a touch: every scroll gesture on a phone
 * starts with one, and each would fetch a page and the pictures it preloads. One set of listeners
 * on the document for every link; renders nothing. Put it once in the layout.
 */
export function ClientNavigation() {
  const router = useRouter();
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const origin = window.location.origin;
    const onClick = (event: MouseEvent) => {
      const href = clientNavigationOf(event, origin);
      if (href === null) return;
      event.preventDefault();
      document.dispatchEvent(new CustomEvent(CLIENT_NAVIGATION_EVENT, { detail: href }));
      router.push(href);
    };
    // mouseover repeats for every child the pointer crosses: one prefetch per link reached.
    let reached: HTMLAnchorElement | null = null;
    const onIntent = (event: Event) => {
      const link = siteLinkOf(event.target);
      if (link === reached) return;
      reached = link;
      const href = link && routerHref(link, origin);
      if (href) router.prefetch(href);
    };
    document.addEventListener("click", onClick, { signal });
    for (const type of ["mouseover", "focusin"])
      document.addEventListener(type, onIntent, { signal, passive: true });
    return () => controller.abort();
  }, [router]);
  return null;
}
