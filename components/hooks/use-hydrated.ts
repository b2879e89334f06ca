"use client";

import { useSyncExternalStore } from "react";

/**
 * Whether the document has been hydrated: `false` on the server and while
 * hydrating, `true` from a moment after hydration's effects, and at once for
 * anything mounted later (a client navigation's new layout).
 *
 * A store whose value already differs during hydration (`() => true` against
 * a server snapshot of `false`) makes React re-render every such component
 * synchronously at the end of hydration's effects, in the same task: on a
 * phone, one long task that blocks input. Here the value turns `true` in a
 * task of its own, queued by the first subscription (subscriptions are made in
 * hydration's effects), so that re-render is a short task after it.
 */
let hydrated = false;
let flipQueued = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!hydrated && !flipQueued) {
    flipQueued = true;
    setTimeout(() => {
      hydrated = true;
      for (const notify of [...listeners]) notify();
    }, 0);
  }
  return () => listeners.delete(listener);
}

const afterHydration = () => hydrated;
const duringServerRenderAndHydration = () => false;

export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, afterHydration, duringServerRenderAndHydration);
}
