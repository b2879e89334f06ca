"use client";

import { usePathname } from "next/navigation";
import { useCallback, useEffect, useRef, useSyncExternalStore, type ReactNode } from "react";

import { useHydrated } from "@/components/hooks/use-hydrated";
import { opensElsewhere } from "@/components/site-link/client-navigation";

import { useScrollLock } from "@/features/scroll";

import styles from "./menu-toggle.module.css";

/** The menu's id, which the button names as the popover it opens and the region it controls. */
const MENU_ID = "site-menu";

/** Whether the menu is open: a browser without popovers (or a test DOM) shows it in the header. */
function isOpen(menu: HTMLElement | null): menu is HTMLElement {
  return menu !== null && "showPopover" in menu && menu.matches(":popover-open");
}

function close(menu: HTMLElement | null) {
  if (isOpen(menu)) menu.hidePopover();
}

/**
 * The small-screen navigation: a button that shows the menu as a popover under
 * the header. The browser opens and closes it (`popovertarget`), so the button
 * works from the first paint, before the scripts have run and without them; it
 * closes on Escape, giving focus back to the button, and on a tap outside; the
 * button's name follows it in CSS. Once hydrated, this component follows it:
 * the button's expanded state, the page kept still behind it, and closing it
 * after a navigation or when focus leaves it. On wide screens the menu is the
 * header's row (CSS).
 */
export function MenuToggle({
  openLabel,
  closeLabel,
  children,
}: {
  openLabel: string;
  closeLabel: string;
  children: ReactNode;
}) {
  const pathname = usePathname();
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();

  const subscribe = useCallback((onChange: () => void) => {
    const menu = menuRef.current;
    menu?.addEventListener("toggle", onChange);
    return () => menu?.removeEventListener("toggle", onChange);
  }, []);
  // (a tap before hydration opened it already: the first snapshot after hydration says so)
  const open = useSyncExternalStore(
    subscribe,
    () => isOpen(menuRef.current),
    () => false,
  );

  // The open menu covers the page: the page stays where it is behind it.
  useScrollLock(open);

  // A navigation (a link in the menu, the browser's back button) closes it.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    close(menuRef.current);
  }, [pathname]);

  // A screen turned wide enough to show the header's row takes the menu back into it: the button
  // is gone then (CSS holds the breakpoint), which its observer sees in the frame it goes.
  useEffect(() => {
    const button = buttonRef.current;
    if (!button || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (button.getClientRects().length === 0) close(menuRef.current);
    });
    observer.observe(button);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      className={styles.root}
      // Focus leaving the menu and its button (Tab past the last link) closes it: the page it would
      // reach is under the open menu.
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (next instanceof Node && !event.currentTarget.contains(next)) close(menuRef.current);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        popoverTarget={MENU_ID}
        // Before hydration the browser says whether the popover it controls is open.
        aria-expanded={hydrated ? open : undefined}
        aria-controls={MENU_ID}
      >
        <span className={styles.bars} aria-hidden="true" />
        {/* The bars show the state; the label, for assistive technology, follows it in CSS. */}
        <span className={`visually-hidden ${styles.whenClosed}`}>{openLabel}</span>
        <span className={`visually-hidden ${styles.whenOpen}`}>{closeLabel}</span>
      </button>
      <div
        ref={menuRef}
        id={MENU_ID}
        className={styles.menu}
        popover="auto"
        // A link followed closes it, the current page's (no navigation to close it) included; one
        // opened elsewhere with a modifier (a new tab or window) leaves the visitor here, menu open.
        onClick={(event) => {
          if (opensElsewhere(event)) return;
          if ((event.target as Element).closest("a")) close(menuRef.current);
        }}
      >
        {children}
      </div>
    </div>
  );
}
