"use client";

import { createContext, useCallback, useContext, useEffect, useRef, useSyncExternalStore } from "react";

import { INITIAL_CONSENT, isEnabled, type ConsentState } from "@/lib/consent/consent-machine";
import type { ConsentListener, ConsentStore, ConsentTopic } from "@/lib/consent/consent-store";

export const ConsentContext = createContext<ConsentStore | null>(null);

/** The page's consent store; throws outside <ConsentProvider> rather than acting as if nothing was allowed. */
export function useConsentStore(): ConsentStore {
  const store = useContext(ConsentContext);
  if (!store)
    throw new Error("Consent hooks must be used inside <ConsentProvider> (rendered by the [lang] layout)");
  return store;
}

/** The banner's state; on the server and during hydration, the state before the cookie is read. */
export function useConsentState(): ConsentState {
  const store = useConsentStore();
  return useSyncExternalStore(store.subscribeState, store.getState, () => INITIAL_CONSENT);
}

/**
 * One service's consent, for code that runs only when it is allowed.
 * `allow()` records the visitor's consent to that service alone (a video's own button).
 */
export function useServiceConsent(serviceId: string | undefined): { enabled: boolean; allow: () => void } {
  const store = useConsentStore();
  const state = useConsentState();
  const service = store.services.find((candidate) => candidate.id === serviceId);
  const enabled = state.started && service !== undefined && isEnabled(service, state.decided);
  const allow = useCallback(() => {
    if (serviceId) store.dispatch({ type: "allow", id: serviceId });
  }, [store, serviceId]);
  return { enabled, allow };
}

/** Calls `listener` on each enable or disable event of a service ("*" for all) while mounted. */
export function useConsentEvent(topic: ConsentTopic, listener: ConsentListener): void {
  const store = useConsentStore();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => store.subscribe(topic, (change) => latest.current(change)), [store, topic]);
}
