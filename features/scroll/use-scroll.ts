"use client";

import { createContext, useContext, useEffect, useSyncExternalStore } from "react";

import type { ResizeCallback } from "./resize";
import type { ScrollController } from "./scroll-controller";
import { INITIAL_SCROLL_STATE, type ScrollState } from "./scroll-state";
import { sharedResize, sharedTicker } from "./page-sources";

import { useLatest } from "@/components/hooks/use-latest";
import type { TickerCallback } from "./ticker";

export const ScrollContext = createContext<ScrollController | null>(null);

/** The page's scrolling (scrollTo, lock); throws outside <ScrollProvider>. */
export function useScrollController(): ScrollController {
  const controller = useContext(ScrollContext);
  if (!controller)
    throw new Error("Scroll hooks must be used inside <ScrollProvider> (rendered by the [lang] layout)");
  return controller;
}

/**
 * The scroll state (current, target, bounding, ratio, precision, locked,
 * active); re-renders on every change, so for per-frame work prefer
 * `useScrollController().store.subscribe` or `useTicker`.
 */
export function useScrollState(): ScrollState {
  const { store } = useScrollController();
  return useSyncExternalStore(store.subscribe, store.get, () => INITIAL_SCROLL_STATE);
}

/** Locks the page's scrolling while `active` (modal dialogs, the mobile menu). */
export function useScrollLock(active: boolean): void {
  const controller = useScrollController();
  useEffect(() => (active ? controller.lock() : undefined), [active, controller]);
}

/** Calls `callback(time, deltaTime)` on every frame of the shared ticker while mounted. */
export function useTicker(callback: TickerCallback, order = 0): void {
  const latest = useLatest(callback);
  useEffect(() => sharedTicker().add((time, delta) => latest.current(time, delta), order), [latest, order]);
}

/** Calls `callback({ width, height })` after the viewport is resized (debounced) while mounted. */
export function useResize(callback: ResizeCallback): void {
  const latest = useLatest(callback);
  useEffect(() => sharedResize().subscribe((size) => latest.current(size)), [latest]);
}
