"use client";

import { ViewTransition, type ReactNode } from "react";

import { PAGE_NAVIGATION_TYPE } from "@/components/site-link/client-navigation";

/** The view transition name and class styled by page-transition.css. */
export const PAGE_TRANSITION_NAME = "page";

/**
 * Fades the page out, then the next one in, when a visitor follows one of the site's links (a
 * navigation ClientNavigation types PAGE_NAVIGATION_TYPE). Put it around `{children}` in a layout:
 * layouts persist, so each navigation is an "update" of this boundary. Every other commit React
 * may animate leaves it still ("none"): the first load's hydration, a lazily loaded part appearing
 * after it (the consent notice on a first visit: animated, the whole page froze for a snapshot and
 * every element of it was measured), a form's answer, back and forward (where a phone's browser
 * shows its own swipe).
 */
export function PageTransition({ children }: { children: ReactNode }) {
  return (
    <ViewTransition
      name={PAGE_TRANSITION_NAME}
      default={{ [PAGE_NAVIGATION_TYPE]: PAGE_TRANSITION_NAME, default: "none" }}
    >
      {children}
    </ViewTransition>
  );
}
