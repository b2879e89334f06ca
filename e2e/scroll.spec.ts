import { devices, type Locator, type Page } from "@playwright/test";

import { hydrated } from "../test-support/settle";
import { expect, test } from "./fixtures";
import { returningVisitor } from "./helpers/consent";
import { pages, translation } from "./helpers/content";
import { trace } from "./helpers/scroll-trace";

/**
 * Smooth scrolling as a desktop visitor meets it in Chromium (a fine pointer,
 * no reduced motion), and native scrolling on a phone and under reduced
 * motion. Every movement is sampled frame by frame: a smooth scroll reaches
 * its target over several frames, a native one in one step.
 */

const DESKTOP = { width: 1440, height: 900 };
const LINUX_CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
const WINDOWS_CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";

/** A long page: the works list. */
const LONG_PAGE = "/works";

test.beforeEach(async ({ context }) => {
  // A returning visitor: the consent notice stays out of the way of these tests.
  await returningVisitor(context);
});

async function smoothReady(page: Page) {
  await expect(page.locator("html")).toHaveClass(/\blenis\b/);
}

/** Positions strictly between the first and the last: the frames of an animation. */
function inBetween(samples: number[]): number[] {
  const start = samples[0];
  const end = samples.at(-1)!;
  const [low, high] = start < end ? [start, end] : [end, start];
  return [...new Set(samples.filter((value) => value > low + 0.5 && value < high - 0.5))];
}

/** Scroll positions land on device pixels: a pixel either way is the same place. */
function expectWithinAPixel(actual: number | undefined, expected: number) {
  expect(actual).toBeDefined();
  expect(Math.abs(actual! - expected), `${actual} is not ${expected}`).toBeLessThanOrEqual(1);
}

interface IndicatorLog {
  indicator: {
    /** data-visible at the start, then each time it changed. */
    visible: (string | undefined)[];
    /** The opacity each finished opacity transition left. */
    opacities: number[];
  };
}

/**
 * Records, in the page as they happen, the indicator's data-visible changes and the end of
 * each of its opacity transitions: a loaded machine may let a whole show-and-fade pass
 * between two looks from the test.
 */
async function watchIndicator(indicator: Locator): Promise<() => Promise<IndicatorLog["indicator"]>> {
  await indicator.evaluate((element: HTMLElement) => {
    const log: IndicatorLog["indicator"] = { visible: [element.dataset.visible], opacities: [] };
    (window as unknown as IndicatorLog).indicator = log;
    new MutationObserver(() => {
      if (log.visible.at(-1) !== element.dataset.visible) log.visible.push(element.dataset.visible);
    }).observe(element, { attributes: true, attributeFilter: ["data-visible"] });
    element.addEventListener("transitionend", (event) => {
      if (event.target === element && event.propertyName === "opacity")
        log.opacities.push(Number(getComputedStyle(element).opacity));
    });
  });
  return () => indicator.page().evaluate(() => (window as unknown as IndicatorLog).indicator);
}

async function blurAll(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

test.describe("desktop", () => {
  test.use({ viewport: DESKTOP, userAgent: LINUX_CHROME });

  test("ArrowDown moves 240 px and PageDown one viewport, both animated; End and Home reach the ends", async ({
    page,
  }) => {
    await page.goto(LONG_PAGE);
    await smoothReady(page);
    await blurAll(page);
    const arrow = await trace(page, () => page.keyboard.press("ArrowDown"));
    expectWithinAPixel(arrow.at(-1), 240);
    expect(inBetween(arrow).length).toBeGreaterThanOrEqual(5);

    const pageDown = await trace(page, () => page.keyboard.press("PageDown"));
    expectWithinAPixel(pageDown.at(-1), 240 + DESKTOP.height);
    expect(inBetween(pageDown).length).toBeGreaterThanOrEqual(5);

    const space = await trace(page, () => page.keyboard.press("Shift+Space"));
    expectWithinAPixel(space.at(-1), 240);

    const limit = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    const end = await trace(page, () => page.keyboard.press("End"));
    expectWithinAPixel(end.at(-1), limit);
    const home = await trace(page, () => page.keyboard.press("Home"));
    expect(home.at(-1)).toBe(0);
  });

  test("keys typed in a form field, and browser shortcuts, do not scroll the page", async ({ page }) => {
    await page.goto(LONG_PAGE);
    await smoothReady(page);
    await page.evaluate(() => {
      const field = document.createElement("textarea");
      field.setAttribute("aria-label", "Notes");
      document.querySelector("main")!.prepend(field);
    });
    const field = page.getByRole("textbox", { name: "Notes" });
    await field.focus();
    // Caret keys and typing (Page Up/Down in a field are the browser's own, which may scroll).
    // Traced until the page has been still for 30 frames: a scroll they started would show.
    const typed = await trace(page, async () => {
      for (const key of ["ArrowDown", "Space", "End", "Space", "Home", "ArrowUp"])
        await page.keyboard.press(key);
    });
    expect(typed.at(-1)).toBe(0);
    await expect(field).toHaveValue("  ");

    // Shortcuts stay the browser's: the smooth scroller leaves their events alone (a plain arrow it takes).
    await blurAll(page);
    await page.evaluate(() => {
      const record = window as unknown as { taken: string[] };
      record.taken = [];
      window.addEventListener("keydown", (event) => {
        if (event.defaultPrevented)
          record.taken.push(`${event.ctrlKey ? "Ctrl+" : ""}${event.altKey ? "Alt+" : ""}${event.key}`);
      });
    });
    for (const key of ["Control+End", "Alt+ArrowDown", "Meta+ArrowDown", "Shift+ArrowDown", "ArrowDown"])
      await page.keyboard.press(key);
    expect(await page.evaluate(() => (window as unknown as { taken: string[] }).taken)).toEqual([
      "ArrowDown",
    ]);
  });

  test("the lock (the consent panel) blocks the wheel and keys; a forced call still scrolls", async ({
    page,
  }) => {
    await page.goto(LONG_PAGE);
    await smoothReady(page);
    await page.evaluate(() => window.dispatchEvent(new CustomEvent("consent:open")));
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect(page.locator("html")).toHaveClass(/lenis-stopped/);

    await page.mouse.move(20, 450);
    const wheeled = await trace(page, () => page.mouse.wheel(0, 800));
    expect(wheeled.at(-1)).toBe(0);

    // An ordinary call is ignored while locked; a forced one scrolls.
    const called = await trace(page, async () => {
      await page.evaluate(() =>
        window.dispatchEvent(new CustomEvent("scroll:to", { detail: { target: 600 } })),
      );
    });
    expect(called.at(-1)).toBe(0);
    const forced = await trace(page, async () => {
      await page.evaluate(() =>
        window.dispatchEvent(new CustomEvent("scroll:to", { detail: { target: 600, force: true } })),
      );
    });
    expectWithinAPixel(forced.at(-1), 600);

    // Closing the panel unlocks: the wheel works again.
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.mouse.move(700, 450);
    const after = await trace(page, () => page.mouse.wheel(0, 500));
    expectWithinAPixel(after.at(-1), 800);
  });

  test("the indicator shows while the page travels and fades out after; it is hidden from assistive technology", async ({
    page,
  }) => {
    await page.goto(LONG_PAGE);
    await smoothReady(page);
    const indicator = page.locator("[data-scroll-indicator]");
    await expect(indicator).toHaveAttribute("aria-hidden", "true");
    await expect(indicator).toHaveCSS("pointer-events", "none");
    await expect(indicator).toHaveCSS("opacity", "0");
    const record = await watchIndicator(indicator);
    await page.mouse.move(700, 450);
    await page.mouse.wheel(0, 2000);
    // Until a fade back to 0 has ended (there is none before the indicator has shown).
    await page.waitForFunction(() => (window as unknown as IndicatorLog).indicator.opacities.includes(0));
    const { visible, opacities } = await record();
    // Visible while the page travelled, not visible after.
    expect(visible.indexOf("true"), `data-visible went ${visible.join(", ")}`).toBeGreaterThan(0);
    expect(visible.at(-1)).toBe("false");
    // Shown (more than half opaque) before it faded out.
    const shown = opacities.findIndex((opacity) => opacity > 0.5);
    expect(shown, `opacities reached: ${opacities.join(", ")}`).toBeGreaterThanOrEqual(0);
    expect(shown).toBeLessThan(opacities.indexOf(0));
    await expect(indicator).toHaveAttribute("data-visible", "false");
    await expect(indicator).toHaveCSS("opacity", "0");
    // In the side gutter: it covers no content.
    const box = (await indicator.boundingBox())!;
    const content = (await page.locator("main h1").boundingBox())!;
    expect(box.x).toBeGreaterThan(content.x + content.width);
    expect(box.width).toBeLessThanOrEqual(8);
  });

  test("the skip link scrolls smoothly to the content and moves focus there", async ({ page }) => {
    await page.goto(LONG_PAGE);
    await smoothReady(page);
    await trace(page, () => page.keyboard.press("End"));
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: translation("fr", "common.skip_link") })).toBeFocused();
    const samples = await trace(page, () => page.keyboard.press("Enter"));
    await expect(page.locator("#main")).toBeFocused();
    const mainTop = await page.evaluate(() => document.getElementById("main")!.getBoundingClientRect().top);
    expect(Math.abs(mainTop)).toBeLessThan(2);
    expect(inBetween(samples).length).toBeGreaterThanOrEqual(5);
  });

  test("a client navigation lands at the top with no inertia; back restores the position", async ({
    page,
  }) => {
    await page.goto(LONG_PAGE);
    await smoothReady(page);
    await page.mouse.move(700, 450);
    await trace(page, () => page.mouse.wheel(0, 3000));
    const listPosition = await page.evaluate(() => window.scrollY);
    expect(listPosition).toBeGreaterThan(1000);

    // Mid-flight: a wheel still carrying the page when a work in view is clicked.
    const target = await page.evaluate(() => {
      const link = [...document.querySelectorAll<HTMLAnchorElement>('main a[href^="/works/"]')].find(
        (candidate) => {
          const box = candidate.getBoundingClientRect();
          return box.top > 100 && box.bottom < window.innerHeight - 100;
        },
      )!;
      const box = link.getBoundingClientRect();
      return { href: link.getAttribute("href")!, x: box.left + box.width / 2, y: box.top + box.height / 2 };
    });
    await page.mouse.wheel(0, 200);
    await page.mouse.click(target.x, target.y);
    await expect(page).toHaveURL(new RegExp(`${target.href}$`));
    const landed = await trace(page, async () => {});
    expect(landed.at(-1)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${LONG_PAGE}$`));
    // Where the list was when the work was opened (the wheel had carried it up to 80 px further).
    await expect
      .poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 })
      .toBeGreaterThanOrEqual(listPosition - 2);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThanOrEqual(listPosition + 82);
  });

  test("reduced motion, switched on and off live, turns smooth scrolling off and on without a reload", async ({
    page,
  }) => {
    await page.goto(LONG_PAGE);
    await smoothReady(page);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await expect(page.locator("html")).not.toHaveClass(/lenis/);
    await page.mouse.move(700, 450);
    const native = await trace(page, () => page.mouse.wheel(0, 500));
    expect(native.at(-1)).toBe(500);
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await smoothReady(page);
  });
});

for (const { platform, userAgent, multiplier } of [
  { platform: "Linux", userAgent: LINUX_CHROME, multiplier: 0.4 },
  { platform: "Windows", userAgent: WINDOWS_CHROME, multiplier: 1 },
]) {
  test.describe(platform, () => {
    test.use({ viewport: DESKTOP, userAgent });

    test(`a wheel notch moves the page over several frames, ${multiplier} times its delta`, async ({
      page,
    }) => {
      await page.goto(LONG_PAGE);
      await smoothReady(page);
      await page.mouse.move(700, 450);
      const samples = await trace(page, () => page.mouse.wheel(0, 500));
      expect(samples[0]).toBe(0);
      expectWithinAPixel(samples.at(-1), 500 * multiplier);
      expect(inBetween(samples).length).toBeGreaterThanOrEqual(5);
    });
  });
}

test.describe("reduced motion from the start", () => {
  test.use({ viewport: DESKTOP, reducedMotion: "reduce" });

  test("scrolls natively: no Lenis classes, keys left to the browser", async ({ page }) => {
    await page.goto(LONG_PAGE);
    await hydrated(page);
    // Hydrated, and every script the page asked for has arrived: Lenis would have been among them.
    await page.waitForLoadState("networkidle");
    await expect(page.locator("html")).not.toHaveClass(/lenis/);
  });
});

// A phone's screen, touch and user agent (the device's browser type stays the project's Chromium).
const pixel = devices["Pixel 7"];
const PHONE = {
  viewport: pixel.viewport,
  userAgent: pixel.userAgent,
  deviceScaleFactor: pixel.deviceScaleFactor,
  isMobile: pixel.isMobile,
  hasTouch: pixel.hasTouch,
};

test.describe("phone", () => {
  test.use(PHONE);

  test("scrolls natively and never downloads Lenis", async ({ page }) => {
    const scripts: string[] = [];
    page.on("response", async (response) => {
      if ((response.headers()["content-type"] ?? "").includes("javascript"))
        scripts.push(await response.text());
    });
    await page.goto(LONG_PAGE);
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    await expect(page.locator("html")).not.toHaveClass(/lenis/);
    expect(scripts.length).toBeGreaterThan(3);
    expect(scripts.filter((body) => body.includes("lenisVersion"))).toEqual([]);
    expect(
      await page.evaluate(() => (window as unknown as { lenisVersion?: string }).lenisVersion),
    ).toBeUndefined();
  });

  test("the open menu locks the page", async ({ page }) => {
    await page.goto(pages.find((candidate) => candidate.path === LONG_PAGE)!.path);
    await page.getByRole("button", { name: translation("fr", "common.menu_open"), exact: true }).click();
    await expect(page.locator("html")).toHaveCSS("overflow", "hidden");
    await page.getByRole("button", { name: translation("fr", "common.menu_close"), exact: true }).click();
    await expect(page.locator("html")).not.toHaveCSS("overflow", "hidden");
  });
});
