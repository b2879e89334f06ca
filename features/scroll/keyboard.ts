/**
 * Keyboard scrolling, smoothed like the wheel (Lenis leaves keys native):
 * which keys scroll, how far, and when the key belongs to something else.
 */
import { SCROLL } from "./settings";

export interface KeyInput {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

/** A relative move in pixels, or one of the two ends. */
export type KeyScroll = { by: number } | { to: "start" | "end" };

/** What a key asks for, or null when the page should leave it to the browser. */
export function keyScroll(input: KeyInput, viewportHeight: number): KeyScroll | null {
  // Ctrl/Alt/Meta combinations are the browser's and the system's (zoom, history, selection).
  if (input.ctrlKey || input.altKey || input.metaKey) return null;
  switch (input.key) {
    case "ArrowDown":
      return input.shiftKey ? null : { by: SCROLL.keyStep };
    case "ArrowUp":
      return input.shiftKey ? null : { by: -SCROLL.keyStep };
    case "PageDown":
      return { by: viewportHeight };
    case "PageUp":
      return { by: -viewportHeight };
    case " ":
    case "Spacebar":
      return { by: input.shiftKey ? -viewportHeight : viewportHeight };
    case "Home":
      return input.shiftKey ? null : { to: "start" };
    case "End":
      return input.shiftKey ? null : { to: "end" };
    default:
      return null;
  }
}

/** Where a key's scroll lands, kept within the page. */
export function keyScrollTarget(scroll: KeyScroll, from: number, limit: number): number {
  const target = "by" in scroll ? from + scroll.by : scroll.to === "start" ? 0 : limit;
  return Math.min(Math.max(target, 0), limit);
}

/** Keys typed here belong to the field or widget: arrows move carets, options and sliders. */
const OWNS_KEYS =
  'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="textbox"], [role="listbox"], [role="combobox"], [role="slider"], [role="spinbutton"], [role="radiogroup"], [role="menu"], [role="menubar"], [role="tablist"], [role="tree"], [role="grid"], [role="application"]';
/** Space presses these (the browser's default is to activate, not to scroll). */
const PRESSES_SPACE =
  'button, summary, [role="button"], [role="checkbox"], [role="switch"], [role="tab"], [role="option"]';

function canScrollFurther(element: Element, scroll: KeyScroll): boolean {
  const style = getComputedStyle(element);
  if (!/(auto|scroll|overlay)/.test(style.overflowY) || element.scrollHeight <= element.clientHeight)
    return false;
  const down = "by" in scroll ? scroll.by > 0 : scroll.to === "end";
  return down ? element.scrollTop + element.clientHeight < element.scrollHeight - 1 : element.scrollTop > 0;
}

/**
 * Whether a key pressed with focus on `target` must be left to the browser:
 * focus in a form field or a widget that uses the key, Space on something it
 * presses, or a scrollable region (an overflow panel) that can still scroll
 * that way.
 */
export function keyBelongsElsewhere(target: EventTarget | null, input: KeyInput, scroll: KeyScroll): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest(OWNS_KEYS)) return true;
  if ((input.key === " " || input.key === "Spacebar") && target.closest(PRESSES_SPACE)) return true;
  if (target.closest("dialog[open], [data-lenis-prevent]")) return true;
  for (
    let element: Element | null = target;
    element && element !== document.documentElement;
    element = element.parentElement
  ) {
    if (element !== document.body && canScrollFurther(element, scroll)) return true;
  }
  return false;
}
