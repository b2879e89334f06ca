"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

import { clientNavigationOf, routerHref, siteLinkOf } from "./client-navigation";

/**
 * Follows the site's links (SiteLink) with the app router: a plain click navigates on the client,
 * and a pointer over a link, keyboard focus on it or a finger on it fetches its page ahead. One
 * set of listeners on the document for every link; renders nothing. Put it once in the layout.
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
    for (const type of ["mouseover", "focusin", "touchstart"])
      document.addEventListener(type, onIntent, { signal, passive: true });
    return () => controller.abort();
  }, [router]);
  return null;
}
