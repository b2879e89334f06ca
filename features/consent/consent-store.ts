/**
 * The consent state of one page, shared by the overlay, the video players and
 * analytics: dispatch actions, read a snapshot, and subscribe to each service's
 * enable and disable events (on save each service emits one).
 */
import { clientLogger } from "@/lib/log/client-logger";

import type { ConsentMap, ConsentReceipt } from "./consent-cookie";
import {
  INITIAL_CONSENT,
  transition,
  type ConsentAction,
  type ConsentChange,
  type ConsentKind,
  type ConsentState,
} from "./consent-machine";
import type { ConsentService } from "./services";

export type ConsentListener = (change: ConsentChange) => void;
/** A service id, or "*" for every service. */
export type ConsentTopic = string;

export interface ConsentStore {
  readonly services: readonly ConsentService[];
  getState(): ConsentState;
  dispatch(action: ConsentAction): void;
  /** For useSyncExternalStore: called after every state change. */
  subscribeState(onChange: () => void): () => void;
  /** Calls `listener` with each enable or disable event of `topic`; returns the unsubscribe function. */
  subscribe(topic: ConsentTopic, listener: ConsentListener): () => void;
  unsubscribe(topic: ConsentTopic, listener: ConsentListener): void;
  /**
   * Has `start` run (it dispatches the `start` action) before an action that comes while the page
   * has not started yet, which would otherwise be ignored: a visitor's click between hydration and
   * the start's own task. Returns the function that takes it back.
   */
  startBeforeFirstAction(start: () => void): () => void;
}

/** Saves a decision (the cookie, its record) and gives back its receipt. */
export type PersistConsent = (
  choices: ConsentMap,
  kind: ConsentKind,
  previous: ConsentReceipt | undefined,
) => ConsentReceipt | undefined;

export function createConsentStore(
  services: readonly ConsentService[],
  persist: PersistConsent,
): ConsentStore {
  let state = INITIAL_CONSENT;
  const stateListeners = new Set<() => void>();
  const listeners = new Map<ConsentTopic, Set<ConsentListener>>();
  let startFirst: (() => void) | undefined;

  function emit(change: ConsentChange) {
    for (const topic of [change.service, "*"]) {
      for (const listener of [...(listeners.get(topic) ?? [])]) {
        try {
          listener(change);
        } catch (error) {
          // One broken listener must not keep the others (or the save) from running.
          clientLogger.error(`Consent listener for "${topic}" failed`, error);
        }
      }
    }
  }

  const store: ConsentStore = {
    services,
    getState: () => state,
    dispatch(action) {
      if (!state.started && action.type !== "start") startFirst?.();
      const next = transition(services, state, action);
      if (next.state === state) return;
      state = next.save
        ? { ...next.state, receipt: persist(next.save, next.kind ?? "custom", state.receipt) }
        : next.state;
      for (const onChange of [...stateListeners]) onChange();
      for (const change of next.changes ?? []) emit(change);
    },
    subscribeState(onChange) {
      stateListeners.add(onChange);
      return () => stateListeners.delete(onChange);
    },
    subscribe(topic, listener) {
      const set = listeners.get(topic) ?? new Set();
      set.add(listener);
      listeners.set(topic, set);
      return () => store.unsubscribe(topic, listener);
    },
    unsubscribe(topic, listener) {
      listeners.get(topic)?.delete(listener);
    },
    startBeforeFirstAction(start) {
      startFirst = start;
      return () => {
        if (startFirst === start) startFirst = undefined;
      };
    },
  };
  return store;
}
