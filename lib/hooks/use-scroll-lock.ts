"use client";

import { useEffect } from "react";

let locks = 0;

/**
 * Keeps the page from scrolling while `active` (modal dialogs, the mobile
 * menu). Nested locks count; the scrollbar's space is kept so nothing shifts.
 */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const root = document.documentElement;
    if (locks++ === 0) {
      root.style.scrollbarGutter = "stable";
      root.style.overflow = "hidden";
    }
    return () => {
      if (--locks === 0) {
        root.style.removeProperty("overflow");
        root.style.removeProperty("scrollbar-gutter");
      }
    };
  }, [active]);
}
