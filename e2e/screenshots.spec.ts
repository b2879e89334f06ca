import { mkdirSync } from "node:fs";
import path from "node:path";

import { expect, test } from "./fixtures";
import { pages, pageSlug } from "./helpers/content";
import { brokenImages, renderedImageCount, settle } from "./helpers/settle";

/**
 * Full-page screenshots of every page in both languages at a phone and a
 * desktop width, into e2e/screenshots/ (git-ignored) for anyone to look at the
 * design. Each page is scrolled through first so lazy images load; every
 * image it shows must have loaded, and no page may be wider than the viewport.
 */

const DIR = path.join(__dirname, "screenshots");
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

for (const viewport of WIDTHS) {
  test(`screenshots of every page at ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(pages.length * 8_000);
    mkdirSync(DIR, { recursive: true });
    await page.setViewportSize(viewport);
    const problems: string[] = [];
    let imagesChecked = 0;
    for (const expected of pages) {
      const response = await page.goto(expected.path);
      expect(response?.status(), expected.path).toBe(200);
      await settle(page, { images: true });
      const broken = await brokenImages(page);
      if (broken.length > 0)
        problems.push(`${expected.path}: images that did not load: ${broken.join(", ")}`);
      // Nothing may stick out sideways (a horizontal scrollbar is a broken layout).
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) problems.push(`${expected.path}: ${overflow} px wider than the viewport`);
      imagesChecked += await renderedImageCount(page);
      await page.screenshot({
        path: path.join(DIR, `${pageSlug(expected)}-${viewport.width}.png`),
        fullPage: true,
      });
    }
    expect(problems, `problems at ${viewport.width} px:\n${problems.join("\n")}`).toEqual([]);
    expect(imagesChecked).toBeGreaterThan(pages.length);
  });
}
