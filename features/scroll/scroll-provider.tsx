"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef, useState, type ReactNode } from "react";

import { ScrollContext } from "./use-scroll";
import { createScrollController } from "./scroll-controller";

/**
 * Smooth scrolling on devices that suit it, native scrolling elsewhere, and
 * the scroll state for the app. Nothing runs on the server; Lenis is fetched
 * only when it is used.
 */
export function ScrollProvider({ children }: { children: ReactNode }) {
  const [controller] = useState(createScrollController);
  const pathname = usePathname();
  // The first page is where the browser put it (a hash, a reload's position); only later pages start over.
  const shownPath = useRef(pathname);

  useEffect(() => controller.mount(), [controller]);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    controller.afterNavigation();
  }, [controller, pathname]);

  return <ScrollContext.Provider value={controller}>{children}</ScrollContext.Provider>;
}
