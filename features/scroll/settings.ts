/**
 * Whether the page scrolls smoothly, and how:
 * smooth only with a fine pointer on a device that is not mobile, never when
 * the visitor prefers reduced motion; the constants are docs/product.md#scrolling's.
 */

export const SCROLL = {
  /** Lenis's lerp: the share of the remaining distance covered each frame. */
  ratio: 0.1,
  precision: 0,
  wheelMultiplier: 0.4,
  windowsWheelMultiplier: 1,
  touchMultiplier: 2,
  /** Firefox's line-mode wheel deltas (about 3 lines a notch) times this, in pixels. */
  firefoxMultiplier: 50,
  /** Pixels per arrow key. */
  keyStep: 240,
  /** The indicator shows while target and current are further apart than this, in pixels. */
  indicatorGap: 10,
} as const;

/** What the browser tells about the device; read in the browser, resolved here. */
export interface ScrollEnvironment {
  userAgent: string;
  /** navigator.userAgentData.platform when there is one, else navigator.platform. */
  platform: string;
  /** navigator.userAgentData.mobile when the browser says it. */
  mobile?: boolean;
  maxTouchPoints: number;
  /** matchMedia("(pointer: fine)"). */
  finePointer: boolean;
  /** matchMedia("(prefers-reduced-motion: reduce)"). */
  reducedMotion: boolean;
}

export interface ScrollSettings {
  smooth: boolean;
  lerp: number;
  wheelMultiplier: number;
  touchMultiplier: number;
  /** Multiplier for line-mode wheel deltas; only Firefox sends them. */
  lineMultiplier: number | undefined;
}

export function isMobileDevice(
  env: Pick<ScrollEnvironment, "userAgent" | "platform" | "mobile" | "maxTouchPoints">,
) {
  if (env.mobile !== undefined) return env.mobile;
  if (/Android|iPhone|iPad|iPod|Mobi|Silk|Kindle/i.test(env.userAgent)) return true;
  // iPadOS presents itself as a Mac; only its touch screen gives it away.
  return /Mac/i.test(env.platform) && env.maxTouchPoints > 1;
}

export function isWindows(env: Pick<ScrollEnvironment, "userAgent" | "platform">): boolean {
  return /^Win/i.test(env.platform) || /Windows NT/.test(env.userAgent);
}

export function isFirefox(env: Pick<ScrollEnvironment, "userAgent">): boolean {
  return /\bFirefox\//.test(env.userAgent) && !/\bSeamonkey\//.test(env.userAgent);
}

export function resolveScrollSettings(env: ScrollEnvironment): ScrollSettings {
  return {
    smooth: env.finePointer && !env.reducedMotion && !isMobileDevice(env),
    lerp: SCROLL.ratio,
    wheelMultiplier: isWindows(env) ? SCROLL.windowsWheelMultiplier : SCROLL.wheelMultiplier,
    touchMultiplier: SCROLL.touchMultiplier,
    lineMultiplier: isFirefox(env) ? SCROLL.firefoxMultiplier : undefined,
  };
}

/**
 * A wheel event's vertical distance in pixels before smoothing: Firefox's
 * line deltas times its multiplier (one notch moves about as far as in
 * Chromium), pixel deltas as they are, page deltas as one viewport each.
 */
export function wheelPixels(
  event: { deltaY: number; deltaMode: number },
  settings: Pick<ScrollSettings, "wheelMultiplier" | "lineMultiplier">,
  viewportHeight: number,
): number {
  const unit =
    event.deltaMode === 1 ? (settings.lineMultiplier ?? 100 / 6) : event.deltaMode === 2 ? viewportHeight : 1;
  return event.deltaY * unit * settings.wheelMultiplier;
}
