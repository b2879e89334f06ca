import {
  isFirefox,
  isMobileDevice,
  isWindows,
  resolveScrollSettings,
  SCROLL,
  wheelPixels,
  type ScrollEnvironment,
} from "./settings";

const CHROME_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
const FIREFOX_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.6; rv:140.0) Gecko/20100101 Firefox/140.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const ANDROID =
  "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36";
const IPAD_AS_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15";

const desktop: ScrollEnvironment = {
  userAgent: CHROME_LINUX,
  platform: "Linux x86_64",
  maxTouchPoints: 0,
  finePointer: true,
  reducedMotion: false,
};

describe("scroll settings", () => {
  it("scrolls smoothly on a desktop with a fine pointer, with the product's constants (docs/product.md#scrolling)", () => {
    expect(resolveScrollSettings(desktop)).toEqual({
      smooth: true,
      lerp: 0.1,
      wheelMultiplier: 0.4,
      touchMultiplier: 2,
      lineMultiplier: undefined,
    });
  });

  it("uses a wheel multiplier of 1 on Windows", () => {
    const windows = { ...desktop, userAgent: CHROME_WINDOWS, platform: "Win32" };
    expect(isWindows(windows)).toBe(true);
    expect(resolveScrollSettings(windows).wheelMultiplier).toBe(1);
    expect(resolveScrollSettings({ ...windows, platform: "Windows" }).wheelMultiplier).toBe(1);
  });

  it("scales Firefox's line deltas by its multiplier 50", () => {
    const firefox = { ...desktop, userAgent: FIREFOX_MAC, platform: "MacIntel" };
    expect(isFirefox(firefox)).toBe(true);
    const settings = resolveScrollSettings(firefox);
    expect(settings.lineMultiplier).toBe(50);
    // One notch: 3 lines -> 150 px before the wheel multiplier, as far as Chromium's 100-150 px notch.
    expect(wheelPixels({ deltaY: 3, deltaMode: 1 }, settings, 900)).toBeCloseTo(3 * 50 * 0.4);
    expect(wheelPixels({ deltaY: 100, deltaMode: 0 }, settings, 900)).toBeCloseTo(40);
    expect(wheelPixels({ deltaY: 1, deltaMode: 2 }, settings, 900)).toBeCloseTo(360);
    expect(isFirefox({ userAgent: CHROME_LINUX })).toBe(false);
  });

  it.each([
    ["an iPhone", { userAgent: IPHONE, platform: "iPhone", maxTouchPoints: 5, finePointer: false }],
    [
      "an Android phone",
      { userAgent: ANDROID, platform: "Linux armv81", maxTouchPoints: 5, finePointer: false },
    ],
    [
      "an iPad that says it is a Mac",
      { userAgent: IPAD_AS_MAC, platform: "MacIntel", maxTouchPoints: 5, finePointer: true },
    ],
    ["a browser that says it is mobile", { mobile: true }],
    ["a touch screen without a fine pointer", { maxTouchPoints: 10, finePointer: false }],
  ])("scrolls natively on %s", (_, overrides) => {
    expect(resolveScrollSettings({ ...desktop, ...overrides }).smooth).toBe(false);
  });

  it("scrolls natively whenever reduced motion is preferred", () => {
    expect(resolveScrollSettings({ ...desktop, reducedMotion: true }).smooth).toBe(false);
  });

  it("trusts the browser's own mobile flag over the user agent", () => {
    expect(isMobileDevice({ ...desktop, userAgent: ANDROID, mobile: false })).toBe(false);
    expect(isMobileDevice({ ...desktop, mobile: true })).toBe(true);
    expect(
      isMobileDevice({ ...desktop, userAgent: IPAD_AS_MAC, platform: "MacIntel", maxTouchPoints: 0 }),
    ).toBe(false);
  });

  it("keeps the product's other constants", () => {
    expect(SCROLL).toMatchObject({
      ratio: 0.1,
      precision: 0,
      keyStep: 240,
      indicatorGap: 10,
      firefoxMultiplier: 50,
    });
  });
});
