/**
 * Smooth scrolling with Lenis, driven by the shared ticker, with the
 * keyboard and in-page anchors smoothed too. Loaded only on devices that
 * scroll smoothly (a separate chunk: phones never download it).
 */
import Lenis from "lenis";

import { keyBelongsElsewhere, keyScroll, keyScrollTarget } from "./keyboard";
import type { ScrollStore } from "./scroll-state";
import { wheelPixels, type ScrollSettings } from "./settings";
import { sharedTicker } from "./page-sources";

export interface ScrollToOptions {
  /** Scrolls even while the page is locked. */
  force?: boolean;
  immediate?: boolean;
  onComplete?: () => void;
}

export interface SmoothEngine {
  scrollTo(target: number | HTMLElement, options?: ScrollToOptions): void;
  /** Blocks the visitor's scrolling (forced calls still scroll). */
  stop(): void;
  start(): void;
  /** Drops any inertia and takes the page's position as it is (after a navigation). */
  reset(): void;
  destroy(): void;
}

/** A link to somewhere on this same page: "#id", or this path with a hash. */
function inPageTarget(event: MouseEvent): { hash: string; element: HTMLElement } | null {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  )
    return null;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (
    !(link instanceof HTMLAnchorElement) ||
    (link.target && link.target !== "_self") ||
    link.hasAttribute("download")
  )
    return null;
  const url = new URL(link.href, window.location.href);
  if (
    !url.hash ||
    url.origin !== window.location.origin ||
    url.pathname !== window.location.pathname ||
    url.search !== window.location.search
  )
    return null;
  let id: string;
  try {
    id = decodeURIComponent(url.hash.slice(1));
  } catch {
    return null;
  }
  const element = document.getElementById(id);
  return element ? { hash: url.hash, element } : null;
}

export function createSmoothEngine(settings: ScrollSettings, store: ScrollStore): SmoothEngine {
  const lenis = new Lenis({
    autoRaf: false,
    lerp: settings.lerp,
    wheelMultiplier: settings.wheelMultiplier,
    touchMultiplier: settings.touchMultiplier,
    smoothWheel: true,
    syncTouch: false,
    stopInertiaOnNavigate: true,
    respectReducedMotion: true,
    // Overflow panels and dialogs scroll natively while they can.
    allowNestedScroll: true,
    anchors: false,
    virtualScroll(data) {
      const event = data.event;
      if (settings.lineMultiplier !== undefined && event instanceof WheelEvent && event.deltaMode === 1)
        data.deltaY = wheelPixels(event, settings, window.innerHeight);
      return true;
    },
  });

  const publish = () =>
    store.set({
      current: lenis.animatedScroll,
      target: lenis.targetScroll,
      bounding: lenis.limit,
      active: true,
    });
  const stopListening = lenis.on("scroll", publish);
  const stopTicking = sharedTicker().add((time) => lenis.raf(time));

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented || lenis.isStopped) return;
    const scroll = keyScroll(event, window.innerHeight);
    if (!scroll || keyBelongsElsewhere(event.target, event, scroll)) return;
    event.preventDefault();
    // Not programmatic (a visitor's scroll, as the wheel's); Lenis then needs the lerp said.
    lenis.scrollTo(keyScrollTarget(scroll, lenis.targetScroll, lenis.limit), {
      programmatic: false,
      lerp: settings.lerp,
    });
  };

  const onClick = (event: MouseEvent) => {
    const found = inPageTarget(event);
    if (!found || lenis.isStopped) return;
    event.preventDefault();
    // Focus moves at once (screen readers and the next Tab start there); the view follows smoothly.
    if (!found.element.matches("a[href], button, input, select, textarea, [tabindex]"))
      found.element.setAttribute("tabindex", "-1");
    found.element.focus({ preventScroll: true });
    if (window.location.hash !== found.hash) window.history.pushState(window.history.state, "", found.hash);
    lenis.scrollTo(found.element);
  };

  window.addEventListener("keydown", onKeyDown);
  document.addEventListener("click", onClick);
  publish();

  return {
    scrollTo(target, { force, immediate, onComplete } = {}) {
      lenis.scrollTo(target, { force, immediate, onComplete });
    },
    stop: () => lenis.stop(),
    start: () => lenis.start(),
    reset() {
      lenis.resize();
      if (lenis.isStopped) return;
      lenis.stop();
      lenis.start();
    },
    destroy() {
      window.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("click", onClick);
      stopListening();
      stopTicking();
      lenis.destroy();
      store.set({ active: false });
    },
  };
}
