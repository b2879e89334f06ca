/**
 * Scrolling: smooth on devices with a fine pointer (Lenis,
 * loaded on demand), native elsewhere, and the scroll indicator.
 *
 * Public API, the parts docs/product.md#scrolling names:
 * - `ScrollProvider` around the page; `ScrollIndicator` (shows while the
 *   target and current positions are more than 10 px apart).
 * - The scroll state (current, target, bounding, ratio, precision, locked,
 *   active): `useScrollState()`.
 * - The two events code that follows the scroll hears: `useTicker(callback, order)` for
 *   every frame of the shared ticker, `useResize(callback)` after the
 *   viewport is resized (debounced).
 * - The lock that blocks every scroll but a forced one: `useScrollLock(active)`
 *   for components, and for scripts outside React the window event
 *   `scroll:to` (`{ detail: { target: number | "#id", force?, immediate? } }`).
 * - `useScrollController()` for `scrollTo` and the lock in one object.
 *
 * The rest of the site imports only from here.
 */
export { ScrollIndicator } from "./scroll-indicator";
export { ScrollProvider } from "./scroll-provider";
export type { ScrollState } from "./scroll-state";
export { useResize, useScrollController, useScrollLock, useScrollState, useTicker } from "./use-scroll";
