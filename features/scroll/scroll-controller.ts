/**
 * The page's scrolling, whichever engine runs it: Lenis on devices that
 * scroll smoothly (loaded on demand), the browser's own elsewhere. Re-decides
 * live when reduced motion or the pointer changes, holds the lock, and keeps
 * the scroll state current.
 */
import { clientLogger } from "@/lib/log/client-logger";

import { resolveScrollSettings, type ScrollEnvironment } from "./settings";
import { createScrollStore, type ScrollStore } from "./scroll-state";
import type { ScrollToOptions, SmoothEngine } from "./smooth-engine";

export interface ScrollController {
  readonly store: ScrollStore;
  /** Scrolls to a position or an element; ignored while locked unless `force`. */
  scrollTo(target: number | HTMLElement, options?: ScrollToOptions): void;
  /** Locks scrolling until the returned release is called (locks nest). */
  lock(): () => void;
  /** After a client navigation: no leftover inertia, the new page's position as it is. */
  afterNavigation(): void;
  /** Starts listening in the browser; returns the cleanup. */
  mount(): () => void;
}

/**
 * For scripts outside React: `window.dispatchEvent(new CustomEvent(SCROLL_TO_EVENT,
 * { detail: { target: 0 | "#id", force?, immediate? } }))` scrolls through the
 * site's scroller, honouring the lock unless forced.
 */
export const SCROLL_TO_EVENT = "scroll:to";

export interface ScrollToDetail {
  target: number | string;
  force?: boolean;
  immediate?: boolean;
}

/** The element or position a request names, or undefined when it names nothing valid. */
function resolveTarget(target: unknown): number | HTMLElement | undefined {
  if (typeof target === "number") return Number.isFinite(target) ? Math.max(0, target) : undefined;
  if (typeof target !== "string" || !target.startsWith("#") || target.length > 256) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(target.slice(1));
  } catch {
    return undefined;
  }
  return document.getElementById(id) ?? undefined;
}

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
const FINE_POINTER = "(pointer: fine)";

function readEnvironment(): ScrollEnvironment {
  const data = (navigator as Navigator & { userAgentData?: { platform?: string; mobile?: boolean } })
    .userAgentData;
  return {
    userAgent: navigator.userAgent,
    platform: data?.platform || navigator.platform || "",
    mobile: data?.mobile,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    finePointer: window.matchMedia(FINE_POINTER).matches,
    reducedMotion: window.matchMedia(REDUCED_MOTION).matches,
  };
}

function nativeLimit(): number {
  return Math.max(0, document.documentElement.scrollHeight - window.innerHeight);
}

export function createScrollController(): ScrollController {
  const store = createScrollStore();
  let engine: SmoothEngine | null = null;
  /** Bumped whenever the wanted engine changes, so a late import does not start a stale one. */
  let generation = 0;
  let loading = false;
  let locks = 0;
  let mounted = false;
  /** The path back/forward went to: there the browser restores the position instead of starting at the top. */
  let traversedTo: string | null = null;

  const publishNative = () => {
    if (engine) return;
    const current = window.scrollY;
    store.set({ current, target: current, bounding: nativeLimit(), active: false });
  };

  function chooseEngine() {
    const settings = resolveScrollSettings(readEnvironment());
    // Already smooth (or on its way): a second change that keeps it smooth changes nothing.
    if (settings.smooth && (engine || loading)) return;
    const wanted = ++generation;
    loading = false;
    if (!settings.smooth) {
      engine?.destroy();
      engine = null;
      publishNative();
      return;
    }
    loading = true;
    void import("./smooth-engine").then(
      ({ createSmoothEngine }) => {
        if (wanted !== generation || !mounted) return;
        loading = false;
        engine = createSmoothEngine(settings, store);
        if (locks > 0) engine.stop();
      },
      (error: unknown) => {
        // Without its chunk the page still scrolls, natively.
        if (wanted === generation) loading = false;
        clientLogger.error("Smooth scrolling could not load; the page scrolls natively", error);
      },
    );
  }

  function setRootLocked(locked: boolean) {
    const root = document.documentElement;
    if (locked) {
      // Keep the scrollbar's room so nothing shifts sideways.
      root.style.scrollbarGutter = "stable";
      root.style.overflow = "hidden";
    } else {
      root.style.removeProperty("overflow");
      root.style.removeProperty("scrollbar-gutter");
    }
  }

  const controller: ScrollController = {
    store,
    scrollTo(target, options = {}) {
      if (locks > 0 && !options.force) return;
      if (engine) return engine.scrollTo(target, options);
      const top = typeof target === "number" ? target : target.getBoundingClientRect().top + window.scrollY;
      window.scrollTo({ top, behavior: "instant" });
      options.onComplete?.();
    },
    lock() {
      if (locks++ === 0) {
        setRootLocked(true);
        engine?.stop();
        store.set({ locked: true });
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (--locks === 0) {
          setRootLocked(false);
          engine?.start();
          store.set({ locked: false });
        }
      };
    },
    afterNavigation() {
      engine?.reset();
      const traversed = traversedTo === window.location.pathname;
      traversedTo = null;
      if (traversed) return publishNative();
      // A new page starts at the top, or at its hash target, whatever inertia or lock was there.
      const hashTarget = window.location.hash ? resolveTarget(window.location.hash) : undefined;
      controller.scrollTo(hashTarget instanceof HTMLElement ? hashTarget : 0, {
        immediate: true,
        force: true,
      });
      publishNative();
    },
    mount() {
      mounted = true;
      const queries = [window.matchMedia(REDUCED_MOTION), window.matchMedia(FINE_POINTER)];
      for (const query of queries) query.addEventListener("change", chooseEngine);
      window.addEventListener("scroll", publishNative, { passive: true });
      // Back and forward: the browser restores a position; inertia must not carry on from the old page.
      const onPopState = () => {
        traversedTo = window.location.pathname;
        engine?.reset();
      };
      window.addEventListener("popstate", onPopState);
      const onScrollTo = (event: Event) => {
        const detail = (event as CustomEvent<Partial<ScrollToDetail> | null>).detail;
        const target = resolveTarget(detail?.target);
        if (target === undefined)
          return clientLogger.warn(`${SCROLL_TO_EVENT}: no such target`, detail?.target);
        controller.scrollTo(target, { force: detail?.force === true, immediate: detail?.immediate === true });
      };
      window.addEventListener(SCROLL_TO_EVENT, onScrollTo);
      chooseEngine();
      return () => {
        mounted = false;
        loading = false;
        generation++;
        for (const query of queries) query.removeEventListener("change", chooseEngine);
        window.removeEventListener("scroll", publishNative);
        window.removeEventListener("popstate", onPopState);
        window.removeEventListener(SCROLL_TO_EVENT, onScrollTo);
        engine?.destroy();
        engine = null;
      };
    },
  };
  return controller;
}
