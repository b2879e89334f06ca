"use client";

import { lazy, Suspense, useEffect, useRef, useState } from "react";

import type { ConsentLabels } from "./labels";
import { useConsentState } from "./use-consent";
// The notice's styles come with the page, not with its lazily loaded code: npm start writes a
// page's stylesheets into its head (server/inline-styles.mjs), so a first visitor's notice shows
// without a stylesheet of its own to fetch first.
import "./consent.module.css";

// The notice and panel load only for a visitor who has something to decide, and only in the
// browser (they need the cookie). React.lazy rather than next/dynamic: the same split, without
// next/dynamic's loader code in every page.
const ConsentOverlay = lazy(() =>
  import("./consent-overlay").then((module) => ({ default: module.ConsentOverlay })),
);

/**
 * Where the consent notice sits in the document: early, so keyboard and
 * screen-reader users meet it first, while it shows at the bottom of the screen.
 * Also holds the live region that confirms a saved choice.
 */
export function ConsentSlot({ labels }: { labels: ConsentLabels }) {
  const { started, view, decided } = useConsentState();
  const [announcement, setAnnouncement] = useState("");
  const firstDecision = useRef<object | null>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    const open = started && view !== "hidden";
    // The notice and panel are gone: when focus went with them, continue from the page's content.
    const focusLost = !document.activeElement || document.activeElement === document.body;
    if (wasOpen.current && !open && focusLost)
      document.getElementById("main")?.focus({ preventScroll: true });
    wasOpen.current = open;
  }, [started, view]);

  useEffect(() => {
    // The first snapshot is the cookie read at start; announce only choices made afterwards.
    if (!started) return;
    if (firstDecision.current === null) firstDecision.current = decided;
    else if (firstDecision.current !== decided) setAnnouncement(labels["consent.saved"]);
  }, [started, decided, labels]);

  return (
    <>
      {started && view !== "hidden" ? (
        <Suspense fallback={null}>
          <ConsentOverlay labels={labels} />
        </Suspense>
      ) : null}
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </>
  );
}
