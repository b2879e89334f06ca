"use client";

import { useEffect, useState, type ReactNode } from "react";

import { OPEN_CONSENT_EVENT, takeUnansweredOpen } from "./open-preferences";
import { startAnalytics, stopAnalytics } from "./analytics";
import { newConsentId, readConsentCookie, writeConsentCookie } from "./consent-cookie";
import { sendConsentRecords } from "./consent-record";
import { isEnabled } from "./consent-machine";
import { createConsentStore, type ConsentStore, type PersistConsent } from "./consent-store";
import { ANALYTICS, type ConsentService } from "./services";
import { ConsentContext } from "./use-consent";

/** Where a choice's record goes: the notice's version shown, in the page's language. */
export interface ConsentRecording {
  version: string;
  lang: string;
}

/**
 * Saves a choice: the cookie, with the consent id kept from the last choice (or a new one) and
 * the time, then the record sent to the site. Without `recording` (the slice simulator) the
 * choice is only kept in the cookie, with no reference to quote.
 */
function persistWith(recording: ConsentRecording | undefined): PersistConsent {
  return (choices, kind, previous) => {
    if (!recording) {
      writeConsentCookie({ choices });
      return undefined;
    }
    const receipt = { id: previous?.id ?? newConsentId(), at: Date.now() };
    writeConsentCookie({ choices, receipt });
    void sendConsentRecords({
      consentId: receipt.id,
      version: recording.version,
      kind,
      lang: recording.lang,
      choices,
      choiceAt: receipt.at,
    });
    return receipt;
  };
}

/** Reads the visitor's saved choices and applies them, once. */
function startFromCookie(store: ConsentStore): void {
  if (store.getState().started) return;
  const saved = readConsentCookie();
  store.dispatch({ type: "start", saved: saved?.choices ?? null, receipt: saved?.receipt });
  // A mark for styles and tests: the visitor's choices are known and applied from here on.
  document.documentElement.dataset.consent = "ready";
}

/**
 * Holds the page's consent: reads the cookie once mounted (so the server's
 * HTML is the same for everyone), applies it, saves and records new choices,
 * drives analytics, and reopens the panel on the footer's "cookie preferences".
 */
export function ConsentProvider({
  services,
  gaMeasurementId,
  recording,
  children,
}: {
  services: ConsentService[];
  gaMeasurementId?: string;
  recording?: ConsentRecording;
  children: ReactNode;
}) {
  const [store] = useState(() => {
    const created = createConsentStore(services, persistWith(recording));
    // A visitor's action that comes before the start below (a video's own button, the footer's
    // "cookie preferences") starts it at once, even before this provider's effect has run.
    created.startBeforeFirstAction(() => startFromCookie(created));
    return created;
  });

  useEffect(() => {
    const stopListening = gaMeasurementId
      ? store.subscribe(ANALYTICS, ({ enabled }) =>
          enabled ? startAnalytics(gaMeasurementId) : stopAnalytics(gaMeasurementId),
        )
      : undefined;
    // Started early by an action: the start's analytics event came before the subscription.
    const analytics = store.services.find((service) => service.id === ANALYTICS);
    const { started, decided } = store.getState();
    if (gaMeasurementId && analytics && started && isEnabled(analytics, decided))
      startAnalytics(gaMeasurementId);
    // Started in a task of its own: the consumers' re-render it causes is then not added to
    // hydration's effects, which run in one task.
    const startTask = setTimeout(() => startFromCookie(store), 0);
    // Records a choice could not send before (offline, a server error) go now.
    if (recording) void sendConsentRecords();
    const open = (event: Event) => {
      event.preventDefault();
      store.dispatch({ type: "open" });
    };
    window.addEventListener(OPEN_CONSENT_EVENT, open);
    if (takeUnansweredOpen()) store.dispatch({ type: "open" });
    return () => {
      clearTimeout(startTask);
      stopListening?.();
      window.removeEventListener(OPEN_CONSENT_EVENT, open);
    };
  }, [store, gaMeasurementId, recording]);

  return <ConsentContext.Provider value={store}>{children}</ConsentContext.Provider>;
}
