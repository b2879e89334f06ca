/**
 * The consent banner as a pure state machine (hidden, shown,
 * expanded). Each transition returns the next state and, when the visitor
 * decided something, the map to save and the changes to announce; the
 * provider performs those effects.
 */
import type { ConsentMap, ConsentReceipt } from "./consent-cookie";
import type { ConsentService } from "./services";

export type ConsentView = "hidden" | "shown" | "expanded";

export interface ConsentState {
  started: boolean;
  view: ConsentView;
  /** Choices made explicitly (saved in the cookie); a service missing here has not been decided. */
  decided: ConsentMap;
  /** The panel's toggles; saved only by save, accept all or refuse all. */
  draft: ConsentMap;
  /** The reference of the last choice, when the cookie has one (the store sets it on each save). */
  receipt?: ConsentReceipt;
}

export type ConsentAction =
  | { type: "start"; saved: ConsentMap | null; receipt?: ConsentReceipt }
  | { type: "acceptAll" }
  | { type: "refuseAll" }
  | { type: "customise" }
  | { type: "open" }
  | { type: "close" }
  | { type: "toggle"; id: string; enabled: boolean }
  | { type: "save" }
  /** One service allowed from where it is used (a video's own button). */
  | { type: "allow"; id: string };

export interface ConsentChange {
  service: string;
  enabled: boolean;
}

/**
 * What kind of choice a decision was, for its record: a withdrawal takes back a consent given
 * before (whichever button did it); otherwise the button's own kind.
 */
export type ConsentKind = "accept_all" | "refuse_all" | "custom" | "withdrawal";

export interface ConsentTransition {
  state: ConsentState;
  /** The cookie's new value, when the visitor decided. */
  save?: ConsentMap;
  /** With `save`: the kind of choice. */
  kind?: ConsentKind;
  /** Every service's state after a decision (or at start), in registry order. */
  changes?: ConsentChange[];
}

export const INITIAL_CONSENT: ConsentState = { started: false, view: "hidden", decided: {}, draft: {} };

/** Whether a service may run: required ones always, others only once explicitly allowed. */
export function isEnabled(service: ConsentService, decided: ConsentMap): boolean {
  return service.required || decided[service.id] === true;
}

/** True when the visitor has decided on every registered service. */
export function coversEveryService(services: readonly ConsentService[], decided: ConsentMap): boolean {
  return services.every((service) => service.required || typeof decided[service.id] === "boolean");
}

/** The toggles a panel opens with: decisions where they exist, each service's default elsewhere. */
function draftFrom(services: readonly ConsentService[], decided: ConsentMap): ConsentMap {
  return Object.fromEntries(
    services.map((service) => [service.id, service.required || (decided[service.id] ?? service.default)]),
  );
}

function changesOf(services: readonly ConsentService[], decided: ConsentMap): ConsentChange[] {
  return services.map((service) => ({ service: service.id, enabled: isEnabled(service, decided) }));
}

/** Saves `decided` (registered services only) and announces every service's state. */
function decide(
  services: readonly ConsentService[],
  state: ConsentState,
  decided: ConsentMap,
  view: ConsentView,
  kind: Exclude<ConsentKind, "withdrawal">,
): ConsentTransition {
  const save = Object.fromEntries(
    services
      .filter((service) => service.required || typeof decided[service.id] === "boolean")
      .map((service) => [service.id, isEnabled(service, decided)]),
  );
  const withdrawn = services.some(
    (service) => !service.required && state.decided[service.id] === true && !save[service.id],
  );
  return {
    state: { ...state, view, decided: save, draft: draftFrom(services, save) },
    save,
    kind: withdrawn ? "withdrawal" : kind,
    changes: changesOf(services, save),
  };
}

function allSetTo(services: readonly ConsentService[], enabled: boolean): ConsentMap {
  return Object.fromEntries(services.map((service) => [service.id, service.required || enabled]));
}

export function transition(
  services: readonly ConsentService[],
  state: ConsentState,
  action: ConsentAction,
): ConsentTransition {
  if (action.type === "start") {
    // Strict Mode and remounts start twice; the first start wins.
    if (state.started) return { state };
    const known = Object.fromEntries(
      services.flatMap((service) => {
        const saved = action.saved?.[service.id];
        return typeof saved === "boolean" ? [[service.id, saved]] : [];
      }),
    );
    const view = action.saved && coversEveryService(services, known) ? "hidden" : "shown";
    return {
      state: {
        started: true,
        view,
        decided: known,
        draft: draftFrom(services, known),
        receipt: action.receipt,
      },
      changes: changesOf(services, known),
    };
  }
  if (!state.started) return { state };

  const closedView: ConsentView = coversEveryService(services, state.decided) ? "hidden" : "shown";
  switch (action.type) {
    case "acceptAll":
      return decide(services, state, allSetTo(services, true), "hidden", "accept_all");
    case "refuseAll":
      return decide(services, state, allSetTo(services, false), "hidden", "refuse_all");
    case "save":
      return decide(services, state, draftFrom(services, { ...state.draft }), "hidden", "custom");
    case "allow": {
      if (!services.some((service) => service.id === action.id)) return { state };
      // Already allowed (a button pressed before the page read the visitor's cookie): nothing to
      // decide, so no second record of the same choice.
      if (state.decided[action.id] === true) return { state };
      const decided = { ...state.decided, [action.id]: true };
      const view =
        state.view === "expanded"
          ? "expanded"
          : coversEveryService(services, decided)
            ? "hidden"
            : state.view;
      return decide(services, state, decided, view, "custom");
    }
    case "customise":
    case "open":
      return { state: { ...state, view: "expanded", draft: draftFrom(services, state.decided) } };
    case "close":
      return { state: { ...state, view: closedView, draft: draftFrom(services, state.decided) } };
    case "toggle": {
      const service = services.find((candidate) => candidate.id === action.id);
      if (!service || service.required || state.view !== "expanded") return { state };
      return { state: { ...state, draft: { ...state.draft, [service.id]: action.enabled } } };
    }
  }
}
