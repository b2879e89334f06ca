"use client";

import { useEffect, useRef, useState } from "react";

import type { ConsentLabels } from "./labels";
import { OPEN_CONSENT_EVENT } from "./open-preferences";
import { useConsentState } from "./use-consent";
// The notice's styles come with the page, not with its lazily loaded code: npm start writes a
// page's stylesheets into its head (server/inline-styles.mjs), so a first visitor's notice shows
// without a stylesheet of its own to fetch first.
import "./consent.module.css";

type Overlay = typeof import("./consent-overlay").ConsentOverlay;

/**
 * Waits before each new try of a failed load (a connection that dropped for a moment); after the
 * last, the page stays as it is, every service refused, until the visitor opens the settings.
 */
export const OVERLAY_RETRY_DELAYS_MS = [2_000, 8_000, 30_000] as const;

let overlayCode: Promise<Overlay> | undefined;

/**
 * The notice and panel's code, loaded once, the first time a visitor has something to decide, and
 * only in the browser (they need the cookie). Loaded by hand, then shown by a plain state update,
 * rather than through React.lazy: a lazy component's reveal is a commit React may animate, and
 * the page transition (components/page-transition) faded the whole page for it on every first
 * visit (the page frozen for a snapshot, each of its elements measured).
 */
function loadOverlay(): Promise<Overlay> {
  overlayCode ??= import("./consent-overlay").then(
    (module) => module.ConsentOverlay,
    (error: unknown) => {
      overlayCode = undefined;
      throw error;
    },
  );
  return overlayCode;
}

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
  const wanted = started && view !== "hidden";
  const [Overlay, setOverlay] = useState<Overlay | null>(null);
  // Each time the visitor opens the settings (the footer's button), even while they are
  // already open in the state, since the notice's code never arrived to show them.
  const [asks, setAsks] = useState(0);

  useEffect(() => {
    if (Overlay) return;
    // Only counts: the provider answers the press (open-preferences.ts), never this listener.
    const ask = () => setAsks((count) => count + 1);
    window.addEventListener(OPEN_CONSENT_EVENT, ask);
    return () => window.removeEventListener(OPEN_CONSENT_EVENT, ask);
  }, [Overlay]);

  useEffect(() => {
    if (!wanted || Overlay) return;
    let current = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const attempt = (tries: number) =>
      loadOverlay().then(
        (loaded) => current && setOverlay(() => loaded),
        // A failed load leaves the page as it is, every service still refused, and is tried again
        // a few times; a reload here could repeat on every page a blocker or proxy keeps failing,
        // while the page itself works.
        () => {
          const delay = OVERLAY_RETRY_DELAYS_MS[tries];
          if (current && delay !== undefined) retry = setTimeout(() => attempt(tries + 1), delay);
        },
      );
    attempt(0);
    return () => {
      current = false;
      clearTimeout(retry);
    };
    // `asks`: opening the settings after the last try starts the tries again.
  }, [wanted, asks, Overlay]);

  useEffect(() => {
    // The notice and panel are gone: when focus went with them, continue from the page's content.
    const focusLost = !document.activeElement || document.activeElement === document.body;
    if (wasOpen.current && !wanted && focusLost)
      document.getElementById("main")?.focus({ preventScroll: true });
    wasOpen.current = wanted;
  }, [wanted]);

  useEffect(() => {
    // The first snapshot is the cookie read at start; announce only choices made afterwards.
    if (!started) return;
    if (firstDecision.current === null) firstDecision.current = decided;
    else if (firstDecision.current !== decided) setAnnouncement(labels["consent.saved"]);
  }, [started, decided, labels]);

  return (
    <>
      {wanted && Overlay ? <Overlay labels={labels} /> : null}
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </>
  );
}
