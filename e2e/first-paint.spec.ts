import type { Browser, Page } from "@playwright/test";

import { blockOutsideHosts, expect, test } from "./fixtures";
import { firstVisitPaths } from "./helpers/content";
import { hydrated, inWebFaces, textInWebFaces } from "../test-support/settle";

/**
 * What a first paint waits for: the HTML alone. A page's rules are in its head (npm start writes
 * them there, server/inline-styles.mjs), no font is preloaded, and each face's stand-ins take the
 * room the face will (lib/fonts/), so that the first screen keeps its lines and rows when the faces
 * arrive.
 * The timings themselves are npm run bench's (--first-paint); these are the facts behind them.
 */

const SCREENS = {
  phone: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 },
} as const;

test("a first visit fetches no stylesheet, and its web fonts replace their stand-ins", async ({ page }) => {
  test.slow();
  const fetched: string[] = [];
  page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
  for (const path of firstVisitPaths) {
    await page.context().clearCookies();
    fetched.length = 0;
    await page.goto(path, { waitUntil: "networkidle" });
    expect(
      fetched.filter((file) => file.endsWith(".css")),
      path,
    ).toEqual([]);
    // The first named family of body and heading text is a web face, and it is the one in use
    // (a first visit asks for its faces after its first paint: asked again until they are in).
    await expect
      .poll(() => textInWebFaces(page), { message: path, timeout: 15_000 })
      .toEqual(["in its web face", "in its web face"]);
  }
});

/**
 * When a page asked for its web fonts, against its first contentful paint (milliseconds since
 * the navigation began, the browser's own entries), and how the text face it shows came.
 */
async function fontsAgainstFirstPaint(page: Page, path: string, referer?: string) {
  await page.goto(path, { waitUntil: "networkidle", ...(referer ? { referer } : {}) });
  // (a loaded machine's headless Chromium may present the first frame after the network is idle)
  await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, null, {
    timeout: 10_000,
  });
  await inWebFaces(page);
  return page.evaluate(() => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
    const asked = performance
      .getEntriesByType("resource")
      .filter((entry) => entry.name.endsWith(".woff2"))
      .map((entry) => entry.startTime);
    const family = getComputedStyle(document.body).fontFamily.split(",")[0]!.trim().replace(/["']/g, "");
    const face = Array.from(document.fonts).find((each) => each.family.replace(/["']/g, "") === family);
    return { paint, asked, face: face ? `${face.status} ${face.display}` : "none" };
  });
}

test("a first visit asks for its web fonts once it has painted, in its stand-ins; a page reached from one of the site's asks for them in its first layout", async ({
  page,
  baseURL,
}) => {
  test.slow();
  for (const path of firstVisitPaths) {
    // (nothing kept between the two: the browser's cache is what a visit under way has)
    const first = await fontsAgainstFirstPaint(page, path);
    expect(first.asked.length, path).toBeGreaterThan(0);
    for (const start of first.asked) expect(start, path).toBeGreaterThan(first.paint);
    // Each face is shown as soon as it arrives: the text the first paint showed never hides again.
    expect(first.face, path).toBe("loaded swap");

    const next = await fontsAgainstFirstPaint(page, path, `${baseURL}/works`);
    expect(next.asked.length, path).toBeGreaterThan(0);
    for (const start of next.asked) expect(start, path).toBeLessThan(next.paint);
    // The rules as written: the text face's short wait lets the first paint use the kept face.
    expect(next.face, path).toBe("loaded fallback");
  }
});

/** What the site's styles decide of a page's header and heading (run in the page). */
const styleOfPage = () => {
  const header = document.querySelector("header")!;
  const heading = document.querySelector("main h1")!;
  return {
    header: `${getComputedStyle(header).position} ${Math.round(header.getBoundingClientRect().height)}`,
    heading: `${getComputedStyle(heading).fontFamily} ${getComputedStyle(heading).fontSize}`,
  };
};

test("pages reached by a visitor's clicks keep their styles, without fetching a stylesheet", async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
  await page.setViewportSize(SCREENS.desktop.viewport);
  await page.goto("/legals", { waitUntil: "networkidle" });
  for (const link of ["header a[href='/works']", "main a[href^='/works/']", "header a[href='/contact']"]) {
    // A visitor's click once the page is hydrated (its scripts come after its first paint), and
    // the page it leads to, not the one still showing while it comes.
    await hydrated(page);
    const target = await page.locator(link).first().getAttribute("href");
    await page.locator(link).first().click();
    await page.waitForURL((url) => url.pathname === target);
    await page.waitForLoadState("networkidle");
    await expect(page.locator("main h1")).toBeVisible();
    const url = page.url();
    // (both in their web faces: a first visit asks for them after its first paint)
    await inWebFaces(page);
    const navigated = await page.evaluate(styleOfPage);
    const fresh = await page.context().newPage();
    await fresh.setViewportSize(SCREENS.desktop.viewport);
    await blockOutsideHosts(fresh);
    await fresh.goto(url, { waitUntil: "networkidle" });
    await inWebFaces(fresh);
    const loaded = await fresh.evaluate(styleOfPage);
    await fresh.close();
    expect(navigated, url).toEqual(loaded);
  }
  expect(fetched.filter((file) => file.endsWith(".css"))).toEqual([]);
});

/**
 * Where the boxes on the first screen start while some web faces are held, then once they have
 * arrived: a box that starts elsewhere by 3 px or more is what a visitor sees jump (Chromium's
 * layout shift counts from 3 px). `hold`: which faces are held, every face but the text face (a
 * later page of a visit, whose text face the browser has kept: it is let through and waited for
 * first) or `every` face (a first visit on a slow link).
 */
async function movedWhenFontsArrive(
  browser: Browser,
  path: string,
  screen: keyof typeof SCREENS,
  hold: "all but the text face" | "every",
): Promise<Array<{ what: string; dx: number; dy: number }>> {
  const context = await browser.newContext({ ...SCREENS[screen], javaScriptEnabled: false });
  try {
    await blockOutsideHosts(context);
    const page = await context.newPage();
    const held: Array<() => Promise<void>> = [];
    await page.route("**/*.woff2", (route) => {
      // (next/font names a file after its source, lib/fonts/inter-text.woff2)
      const letThrough =
        hold === "all but the text face" &&
        /\/inter_text\.[^/]*$/.test(new URL(route.request().url()).pathname);
      if (letThrough) return route.continue();
      held.push(() => route.continue());
    });
    // (not "load": that waits for the fonts held here)
    await page.goto(path, { waitUntil: "domcontentloaded" });
    await expect
      .poll(() => held.length, { message: `${path}: its fonts are asked for by its first layout` })
      .toBeGreaterThan(0);
    if (hold === "all but the text face") {
      await expect
        .poll(
          () =>
            page.evaluate(() =>
              // A web face, not one of the local stand-ins (lib/fonts/fallbacks.css: "… Fallback"),
              // which count as loaded at once.
              Array.from(document.fonts).some(
                (face) => !/Fallback/.test(face.family) && face.status === "loaded",
              ),
            ),
          {
            message: `${path}: the text face is in use`,
          },
        )
        .toBe(true);
    }
    const starts = () =>
      page.evaluate(
        (height) =>
          Array.from(document.querySelectorAll("body *"), (element) => {
            const box = element.getBoundingClientRect();
            const shown = box.width > 0 && box.height > 0 && box.top < height && box.bottom > 0;
            return shown ? { left: box.left, top: box.top } : null;
          }),
        SCREENS[screen].viewport.height,
      );
    const before = await starts();
    await Promise.all(held.map((release) => release()));
    await page.unroute("**/*.woff2");
    await page.evaluate(() => document.fonts.ready);
    const after = await starts();
    const names = await page.evaluate(() =>
      Array.from(
        document.querySelectorAll("body *"),
        (element) => `<${element.tagName.toLowerCase()}> ${(element.textContent ?? "").trim().slice(0, 30)}`,
      ),
    );
    return before.flatMap((start, index) => {
      const now = after[index];
      if (!start || !now) return [];
      const [dx, dy] = [now.left - start.left, now.top - start.top];
      return Math.max(Math.abs(dx), Math.abs(dy)) >= 3 ? [{ what: names[index]!, dx, dy }] : [];
    });
  } finally {
    await context.close();
  }
}

const describeMoves = (moves: Array<{ what: string; dx: number; dy: number }>) =>
  moves.map(({ what, dx, dy }) => `${what}: ${dx.toFixed(1)} px across, ${dy.toFixed(1)} px down`);

test("with the text face at hand, nothing on the first screen moves when the other faces arrive, on a phone or a desktop", async ({
  browser,
}) => {
  test.slow();
  for (const path of firstVisitPaths)
    for (const screen of ["phone", "desktop"] as const)
      expect(
        describeMoves(await movedWhenFontsArrive(browser, path, screen, "all but the text face")),
        `${path} (${screen})`,
      ).toEqual([]);
});

test("when every face misses the first paint, every line and row stays where it was", async ({ browser }) => {
  test.slow();
  for (const path of firstVisitPaths)
    for (const screen of ["phone", "desktop"] as const) {
      const moves = await movedWhenFontsArrive(browser, path, screen, "every");
      // The stand-ins take each face's room on average: a run that is right-aligned, or follows
      // another on its line, may move sideways by a few pixels (bench/README.md counts them), but
      // no line wraps differently and no row moves down.
      expect(describeMoves(moves.filter(({ dy }) => Math.abs(dy) >= 3)), `${path} (${screen})`).toEqual([]);
    }
});
