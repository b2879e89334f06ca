"use client";

import { ViewTransition, type ReactNode } from "react";

import { useHydrated } from "@/components/hooks/use-hydrated";

/** The view transition name and class styled by page-transition.css. */
export const PAGE_TRANSITION_NAME = "page";

/**
 * Fades the page out, then the next one in, on client navigations. Put it
 * around `{children}` in a layout: layouts persist, so each navigation is an
 * "update" of this boundary. It stays inert ("none") until hydrated, because
 * React also animates Suspense boundaries streamed in on first load. Once
 * hydrated, any commit React may animate fades the page, a lazy component's
 * reveal among them: what appears on its own after the first load is shown by a
 * plain state update instead (the consent notice: features/consent/consent-slot.tsx).
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const isHydrated = useHydrated();
  return (
    <ViewTransition name={PAGE_TRANSITION_NAME} default={isHydrated ? PAGE_TRANSITION_NAME : "none"}>
      {children}
    </ViewTransition>
  );
}
