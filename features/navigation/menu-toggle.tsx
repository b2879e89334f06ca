"use client";

import { usePathname } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";

import { useHydrated } from "@/components/hooks/use-hydrated";

import { useScrollLock } from "@/features/scroll";

import styles from "./menu-toggle.module.css";

/**
 * The small-screen navigation: a disclosure button that shows the menu, closes
 * on Escape and after a navigation. On wide screens the menu is always shown
 * (CSS), and without JavaScript it stays open so every link is reachable. A
 * browser that runs scripts paints it closed from the first frame, its button
 * marked unavailable until the page is hydrated (menu-toggle.module.css): open
 * until then, the menu covered a phone's first screen for as long as the
 * scripts took to arrive, then vanished. A page whose scripts never run (a
 * file that failed, a blocked script) shows it open after 10 seconds.
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
  // Open for the page it was opened on: a navigation closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const hydrated = useHydrated();

  // The open menu covers the page: the page stays where it is behind it.
  useScrollLock(open);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpenOn(null);
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <div className={styles.root} data-open={open} data-hydrated={hydrated ? "" : undefined}>
      <button
        type="button"
        className={styles.button}
        aria-expanded={open}
        aria-controls="site-menu"
        onClick={() => setOpenOn(open ? null : pathname)}
        // (not `disabled`: it stays in the tab order, and says it is not ready; a press before
        // hydration has no handler to reach)
        aria-disabled={hydrated ? undefined : true}
      >
        <span className={styles.bars} aria-hidden="true" />
        {/* The bars show the state; the label is for assistive technology. */}
        <span className="visually-hidden">{open ? closeLabel : openLabel}</span>
      </button>
      <div id="site-menu" className={styles.menu}>
        {children}
      </div>
    </div>
  );
}
