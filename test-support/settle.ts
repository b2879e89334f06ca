import type { Page } from "@playwright/test";

/**
 * Brings a page to its resting state: scrolls through it a viewport at a time
 * (so in-view reveals run and lazy images are asked for) and back to the top,
 * then waits for every finite animation or transition to end: a fade caught
 * half-way would skew colour-contrast checks and screenshots. With `images`,
 * also waits until every image has finished loading.
 */
export async function settle(page: Page, { images = false }: { images?: boolean } = {}): Promise<void> {
  // A page at rest is hydrated: the framework's scripts come after its first paint
  // (server/scripts-after-paint.mjs), and the reveals and the consent notice are the client's. The
  // consent provider marks it; a page whose inline scripts never ran (no JavaScript) has no payload.
  await page.waitForFunction(
    () => !("__next_f" in self) || document.documentElement.dataset.consent === "ready",
    null,
    { timeout: 20_000 },
  );
  await page.evaluate(async () => {
    // A frame, or 200 ms when Chromium throttles frames (it stopped them once, mid-run, after a
    // whole-page capture, and an unbounded wait hung the test).
    const frame = () =>
      new Promise((resolve) => {
        setTimeout(resolve, 200);
        requestAnimationFrame(() => setTimeout(resolve, 20));
      });
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await frame();
    }
    window.scrollTo(0, 0);
    await frame();
  });
  if (images) {
    // The scroll above asks for lazy images, but Chromium may not have started one it passed in a
    // single frame, and then never does at the top: ask for every laid-out image that is still
    // waiting, so the wait below ends on the page's own state, not on the scroll's timing.
    await page.evaluate(() => {
      for (const image of Array.from(document.images))
        if (!image.complete && image.loading === "lazy" && image.getClientRects().length > 0)
          image.loading = "eager";
    });
    // An image that is not laid out (display: none) is never fetched when lazy; it cannot complete.
    await page.waitForFunction(
      () =>
        Array.from(document.images).every((image) => image.complete || image.getClientRects().length === 0),
      null,
      { timeout: 20_000 },
    );
  }
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * Waits until the page is hydrated: the consent provider marks the page once the client has run
 * and read the visitor's choice. The framework's scripts come after the first paint
 * (server/scripts-after-paint.mjs), so a test that uses what only the client does waits for this.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.consent === "ready");
}

/** The rendered images (laid out, so lazy ones were asked for) that did not load, by URL. */
export async function brokenImages(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.images)
      .filter((image) => image.getClientRects().length > 0 && !(image.complete && image.naturalWidth > 0))
      .map((image) => image.currentSrc || image.src),
  );
}

/**
 * Whether the page's text (its body's and its first heading's first-named family) is in its web
 * faces: "in its web face" for each, or the family list and the faces loaded so far. A first visit
 * asks for its faces only after its first paint (server/faces-after-paint.mjs), so right after a
 * load `document.fonts.ready` may resolve while none is asked for yet.
 */
export function textInWebFaces(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const loaded = Array.from(document.fonts)
      .filter((face) => face.status === "loaded")
      .map((face) => face.family.replace(/["']/g, ""));
    return [document.body, document.querySelector("h1")].flatMap((element) => {
      if (!element) return [];
      const family = getComputedStyle(element).fontFamily;
      const first = family.split(",")[0]!.trim().replace(/["']/g, "");
      return [loaded.includes(first) ? "in its web face" : `${family} (loaded: ${loaded.join(", ")})`];
    });
  });
}

/** Waits until the page's text is in its web faces ({@link textInWebFaces}), then for any still loading. */
export async function inWebFaces(page: Page): Promise<void> {
  const deadline = Date.now() + 15_000;
  let state = await textInWebFaces(page);
  while (state.some((each) => each !== "in its web face")) {
    if (Date.now() > deadline)
      throw new Error(`the page's text is not in its web faces: ${state.join("; ")}`);
    await page.waitForTimeout(100);
    state = await textInWebFaces(page);
  }
  await page.evaluate(() => document.fonts.ready);
}
