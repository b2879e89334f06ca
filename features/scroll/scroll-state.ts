/** The scroll state the app reads, as a small store. */
import { SCROLL } from "./settings";

export interface ScrollState {
  /** Where the page is now, in pixels from the top. */
  current: number;
  /** Where it is heading (equal to current with native scroll). */
  target: number;
  /** The scroll limit: the furthest the page can scroll. */
  bounding: number;
  ratio: number;
  precision: number;
  /** Scrolling blocked for the visitor and for ordinary calls (a dialog or the menu is open). */
  locked: boolean;
  /** Smooth scrolling is running. */
  active: boolean;
}

export const INITIAL_SCROLL_STATE: ScrollState = {
  current: 0,
  target: 0,
  bounding: 0,
  ratio: SCROLL.ratio,
  precision: SCROLL.precision,
  locked: false,
  active: false,
};

export interface ScrollStore {
  get(): ScrollState;
  set(patch: Partial<ScrollState>): void;
  subscribe(listener: (state: ScrollState) => void): () => void;
}

export function createScrollStore(): ScrollStore {
  let state = INITIAL_SCROLL_STATE;
  const listeners = new Set<(state: ScrollState) => void>();
  return {
    get: () => state,
    set(patch) {
      const keys = Object.keys(patch) as Array<keyof ScrollState>;
      if (keys.every((key) => patch[key] === state[key])) return;
      state = { ...state, ...patch };
      for (const listener of [...listeners]) listener(state);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
