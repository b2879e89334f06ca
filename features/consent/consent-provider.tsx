"use client";

import { useEffect, useState, type ReactNode } from "react";

import { OPEN_CONSENT_EVENT } from "./open-preferences";
import { startAnalytics, stopAnalytics } from "./analytics";
import { readConsentCookie, writeConsentCookie } from "./consent-cookie";
import { createConsentStore } from "./consent-store";
import { ANALYTICS, type ConsentService } from "./services";
import { ConsentContext } from "./use-consent";

/**
 * Holds the page's consent: reads the cookie once mounted (so the server's
 * HTML is the same for everyone), applies it, saves new choices, drives
 * analytics, and reopens the panel on the footer's "cookie preferences".
 */
export function ConsentProvider({
  services,
  gaMeasurementId,
  children,
}: {
  services: ConsentService[];
  gaMeasurementId?: string;
  children: ReactNode;
}) {
  const [store] = useState(() => createConsentStore(services, writeConsentCookie));

  useEffect(() => {
    const stopListening = gaMeasurementId
      ? store.subscribe(ANALYTICS, ({ enabled }) =>
          enabled ? startAnalytics(gaMeasurementId) : stopAnalytics(gaMeasurementId),
        )
      : undefined;
    store.dispatch({ type: "start", saved: readConsentCookie() });
    // A mark for styles and tests: the visitor's choices are known and applied from here on.
    document.documentElement.dataset.consent = "ready";
    const open = () => store.dispatch({ type: "open" });
    window.addEventListener(OPEN_CONSENT_EVENT, open);
    return () => {
      stopListening?.();
      window.removeEventListener(OPEN_CONSENT_EVENT, open);
    };
  }, [store, gaMeasurementId]);

  return <ConsentContext.Provider value={store}>{children}</ConsentContext.Provider>;
}
