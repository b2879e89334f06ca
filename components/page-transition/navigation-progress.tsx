"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { Suspense, useEffect, useRef, useState } from "react";

import { CLIENT_NAVIGATION_EVENT } from "@/components/site-link/client-navigation";

import styles from "./navigation-progress.module.css";

/** The minimum fetch delay before an indicator shows: faster navigations show no indicator at all. */
export const NAVIGATION_PROGRESS_DELAY_MS = 200;

export interface NavigationProgressProps {
  /** Accessible name of the progress bar, e.g. "Loading…". */
  label: string;
}

/** Path and query, without the hash: a hash-only change never renders a new route. */
function currentLocation(): string {
  return window.location.pathname + window.location.search;
}

/** A client navigation ClientNavigation started, to another page than this one. */
function leavesThisPage(event: Event): boolean {
  const href = event instanceof CustomEvent && typeof event.detail === "string" ? event.detail : null;
  if (href === null) return false;
  const url = new URL(href, window.location.origin);
  return url.pathname + url.search !== currentLocation();
}

function NavigationProgressBar({ label }: NavigationProgressProps) {
  const route = `${usePathname()}?${useSearchParams()}`;
  // What was last rendered, read by the listeners: the route as the hooks see it, and the address bar.
  const renderedRef = useRef({ route, location: "" });
  // The route a navigation left from, once that navigation has lasted past the delay.
  const [slowFrom, setSlowFrom] = useState<string | null>(null);
  const [renderedRoute, setRenderedRoute] = useState(route);

  // A new route has rendered: whatever was pending is over.
  if (renderedRoute !== route) {
    setRenderedRoute(route);
    setSlowFrom(null);
  }

  useEffect(() => {
    renderedRef.current = { route, location: currentLocation() };
  }, [route]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;

    const start = () => {
      const from = renderedRef.current.route;
      clearTimeout(timer);
      timer = setTimeout(() => setSlowFrom(from), NAVIGATION_PROGRESS_DELAY_MS);
    };
    const onNavigation = (event: Event) => {
      if (leavesThisPage(event)) start();
    };
    // Back and forward; a hash-only history entry loads nothing.
    const onPopState = () => {
      if (currentLocation() !== renderedRef.current.location) start();
    };

    document.addEventListener(CLIENT_NAVIGATION_EVENT, onNavigation);
    window.addEventListener("popstate", onPopState);
    return () => {
      clearTimeout(timer);
      document.removeEventListener(CLIENT_NAVIGATION_EVENT, onNavigation);
      window.removeEventListener("popstate", onPopState);
    };
  }, []);

  // Comparing with the current route also covers a timer that fires just after the route changed.
  if (slowFrom !== route) return null;
  return <div className={styles.bar} role="progressbar" aria-label={label} />;
}

/**
 * A thin bar at the top of the viewport while a client navigation takes longer
 * than the minimum fetch delay; nothing (for sight or assistive technology)
 * otherwise. Suspense: reading search params opts out of static rendering.
 */
export function NavigationProgress({ label }: NavigationProgressProps) {
  return (
    <Suspense fallback={null}>
      <NavigationProgressBar label={label} />
    </Suspense>
  );
}
