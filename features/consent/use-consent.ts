"use client";

import { createContext, useCallback, useContext, useEffect, useSyncExternalStore } from "react";

import { INITIAL_CONSENT, isEnabled, type ConsentState } from "./consent-machine";
import type { ConsentListener, ConsentStore, ConsentTopic } from "./consent-store";
import type { ConsentService } from "./services";

import { useLatest } from "@/components/hooks/use-latest";

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
 * One service's consent, for code that runs only when it is allowed: the
 * service (undefined when none is registered with that id), whether it is
 * enabled, and `allow()`, which records the visitor's consent to that service
 * alone (a video's own button).
 */
export function useServiceConsent(serviceId: string | undefined): {
  service: ConsentService | undefined;
  enabled: boolean;
  allow: () => void;
} {
  const store = useConsentStore();
  const state = useConsentState();
  const service = store.services.find((candidate) => candidate.id === serviceId);
  const enabled = state.started && service !== undefined && isEnabled(service, state.decided);
  const allow = useCallback(() => {
    if (serviceId) store.dispatch({ type: "allow", id: serviceId });
  }, [store, serviceId]);
  return { service, enabled, allow };
}

/** Calls `listener` on each enable or disable event of a service ("*" for all) while mounted. */
export function useConsentEvent(topic: ConsentTopic, listener: ConsentListener): void {
  const store = useConsentStore();
  const latest = useLatest(listener);
  useEffect(() => store.subscribe(topic, (change) => latest.current(change)), [store, topic, latest]);
}
