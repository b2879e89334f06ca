/**
 * What moves on the first screen when the web fonts arrive after the first paint (a visitor on a
 * slow link): each route is loaded without scripts, as it first paints, its font files held;
 * every box is measured as far as it shows on the first screen, the fonts are let through, and
 * the boxes measured again. A box whose top or bottom moved by 3 px or more (Chromium's own
 * threshold for a layout shift) is counted: a line that wrapped differently in the stand-in font
 * (lib/fonts/fallbacks.css) pushes everything below it.
 */
import type { Browser, Route } from "@playwright/test";

import { SCREENS, type Screen } from "./measure";

export interface FontSwapRow {
  path: string;
  /** Per screen, the boxes that moved (tag, text and how), at most a few. */
  moved: Record<Screen, string[]>;
}

const SHIFT_PX = 3;

async function movedOnSwap(browser: Browser, url: string, screen: Screen): Promise<string[]> {
  const options = SCREENS[screen];
  const context = await browser.newContext({ ...options, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const held: Route[] = [];
    await page.route("**/*.woff2", (route) => {
      held.push(route);
    });
    await page.goto(url, { waitUntil: "domcontentloaded" });
    for (let waited = 0; held.length === 0 && waited < 5000; waited += 50) await page.waitForTimeout(50);
    // The page as it first paints: its stylesheets applied (the fonts still held).
    // (polled from here: the page runs no script, so it cannot wait for itself)
    const styled = () =>
      page.evaluate(() =>
        // (a link whose rules the front wrote into the page is typed otherwise, never fetched)
        Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'))
          .filter((link) => link.type === "" || link.type === "text/css")
          .every((link) => link.sheet),
      );
    for (let waited = 0; !(await styled()); waited += 50) {
      if (waited > 10_000) throw new Error(`${url}: its stylesheets did not load`);
      await page.waitForTimeout(50);
    }
    const boxes = () =>
      // No named functions inside: tsx would wrap them in a helper the page does not have.
      page.evaluate(
        (height) =>
          Array.from(document.querySelectorAll("body *"), (element) => {
            const box = element.getBoundingClientRect();
            const text = (element.textContent ?? "").trim().slice(0, 40);
            return {
              what: `<${element.tagName.toLowerCase()}> "${text}"`,
              top: Math.min(Math.max(box.top, 0), height),
              bottom: Math.min(Math.max(box.bottom, 0), height),
            };
          }),
        options.viewport.height,
      );
    const before = await boxes();
    await Promise.all(held.map((route) => route.continue()));
    await page.unroute("**/*.woff2");
    await page.evaluate(() => document.fonts.ready);
    const after = await boxes();
    return before
      .map((box, index) => ({ box, now: after[index] }))
      .filter(
        ({ box, now }) =>
          now && (Math.abs(now.top - box.top) >= SHIFT_PX || Math.abs(now.bottom - box.bottom) >= SHIFT_PX),
      )
      .map(
        ({ box, now }) =>
          `${box.what} ${box.top.toFixed(0)}–${box.bottom.toFixed(0)} → ${now.top.toFixed(0)}–${now.bottom.toFixed(0)}`,
      );
  } finally {
    await context.close();
  }
}

export async function measureFontSwap(
  browser: Browser,
  origin: string,
  paths: string[],
): Promise<FontSwapRow[]> {
  const rows: FontSwapRow[] = [];
  for (const path of paths) {
    rows.push({
      path,
      moved: {
        phone: await movedOnSwap(browser, origin + path, "phone"),
        desktop: await movedOnSwap(browser, origin + path, "desktop"),
      },
    });
  }
  return rows;
}

export function describeFontSwap(rows: FontSwapRow[]): string[] {
  const lines = [
    `When the fonts arrive after the first paint: boxes on the first screen that move ${SHIFT_PX} px or more (target 0)`,
  ];
  for (const row of rows) {
    const count = (screen: Screen) => row.moved[screen].length;
    const ok = count("phone") === 0 && count("desktop") === 0;
    lines.push(
      `${row.path.padEnd(32)} phone ${String(count("phone")).padStart(3)}  desktop ${String(count("desktop")).padStart(3)}  ${ok ? "✓" : "✗"}`,
    );
    for (const screen of Object.keys(SCREENS) as Screen[]) {
      for (const what of row.moved[screen].slice(0, 2)) lines.push(`    ${screen}: ${what}`);
    }
  }
  return lines;
}
