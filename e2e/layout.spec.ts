import type { Page } from "@playwright/test";

import { brokenImages } from "../test-support/settle";
import { expect, test } from "./fixtures";
import { returningVisitor } from "./helpers/consent";
import { homePath, pages, translation, type Lang } from "./helpers/content";
import { differsFromFreshLoad, layoutProblems, loadAllImages, settleResize } from "./helpers/layout";
import {
  LOGO_COLUMNS,
  WORK_CARD_COLUMNS,
  balancedColumnVars,
  type ColumnLimits,
} from "../components/layout/balanced-columns";

/**
 * The layout holds at every width a visitor brings, on every page in both
 * languages: nothing sticks out, targets are big enough and apart, collections
 * leave no hole, images are never blown up (see helpers/layout.ts for each
 * rule). The small-screen menu, the consent notice and its panel are checked
 * open, at each width too.
 */

/** Narrowest first: one load serves the widths after it (see "lays out cleanly at every width"). */
const VIEWPORTS = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
];

const LANGS: Lang[] = ["fr", "en"];

function report(problems: string[], where: string) {
  expect(problems, `${where}:\n${problems.join("\n")}`).toEqual([]);
}

async function menuButton(page: Page) {
  const button = page.locator('button[aria-controls="site-menu"]');
  return (await button.isVisible()) ? button : null;
}

/**
 * Gives a balanced list `count` items (copies of its first) and the column
 * counts BalancedList would render for them, as an editor adding items would.
 */
async function resize(page: Page, list: string, count: number, limits: ColumnLimits) {
  await page.evaluate(
    ({ list, count, vars }) => {
      const element = document.querySelector<HTMLElement>(list)!;
      const first = element.firstElementChild!;
      element.replaceChildren(...Array.from({ length: count }, () => first.cloneNode(true)));
      for (const [name, value] of Object.entries(vars)) element.style.setProperty(name, String(value));
    },
    { list, count, vars: balancedColumnVars(count, limits) },
  );
}

/** Lists an editor fills: the home page's logos (1 to 30) and a works list page (1 to 24 works). */
const COLLECTIONS = [
  { path: "/", list: '[data-slice-type="clients"] ul', limits: LOGO_COLUMNS, most: 30 },
  { path: "/works", list: "main ul:has(> li article)", limits: WORK_CARD_COLUMNS, most: 24 },
];

/** Every page, and lists narrowed to a category (the filter's links wrap at every width). */
const PATHS = [
  ...pages.map((expected) => expected.path),
  "/works?category=documentary",
  "/en/works-completed?category=film",
];

/**
 * Every page at every width, one load serving several widths: the viewport grows from the
 * narrowest, and the checks run at each width as they would after a load there. Whenever the page
 * is not in that state (a block revealed at a narrower width, an image file another load would
 * not pick: see `differsFromFreshLoad`), it is loaded anew at this width first.
 */

for (const path of PATHS) {
  test(`${path} lays out cleanly at every width`, async ({ page, context }) => {
    // The first pages meet a cold image optimiser (every width's files made on first request).
    test.setTimeout(VIEWPORTS.length * 10_000);
    await returningVisitor(context);
    const problems: string[] = [];
    let loaded = false;
    for (const viewport of VIEWPORTS) {
      const where = `${path} at ${viewport.width} px`;
      await page.setViewportSize(viewport);
      if (loaded) {
        await settleResize(page);
        const differs = await differsFromFreshLoad(page);
        // Kept in the report (how often a width needs its own load), out of the console.
        if (differs)
          test.info().annotations.push({ type: "loaded anew", description: `${where}: ${differs}` });
        loaded = !differs;
      }
      if (!loaded) {
        const response = await page.goto(path);
        expect(response?.status(), where).toBe(200);
        loaded = true;
      }
      await loadAllImages(page);
      for (const url of await brokenImages(page)) problems.push(`${where}: ${url} did not load`);
      for (const problem of await layoutProblems(page)) problems.push(`${where}: ${problem}`);
    }
    report(problems, path);
  });
}

/** A page of each kind of video: the home page's reel, a rich-text embed, a work's cover and Video slice. */
const VIDEO_PAGES = pages.filter((candidate) =>
  [
    "/",
    "/legals",
    "/works/la-fabrique-du-mouvement",
    "/en",
    "/en/legals",
    "/en/works/the-movement-factory",
  ].includes(candidate.path),
);

/**
 * A video whose player is not allowed asks for it in place once played: the question fits its
 * frame whole (no scrolling inside it), at every width, with targets big enough and apart.
 */
for (const expected of VIDEO_PAGES) {
  test(`${expected.path}: each video's question fits its frame at every width`, async ({ page, context }) => {
    await returningVisitor(context);
    await page.goto(expected.path);
    await page.locator("html[data-consent=ready]").waitFor();
    const plays = page.getByRole("button", { name: translation(expected.lang, "works.play_video") });
    const count = await plays.count();
    expect(count, "videos on the page").toBeGreaterThan(0);
    const problems: string[] = [];
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await settleResize(page);
      for (let index = 0; index < count; index++) {
        const where = `video ${index + 1} at ${viewport.width} px`;
        await plays.nth(index).click();
        const question = page.getByRole("group");
        await question.waitFor();
        const hidden = await question.evaluate((element) => element.scrollHeight - element.clientHeight);
        if (hidden > 1) problems.push(`${where}: ${hidden} px of the question scroll inside its frame`);
        for (const problem of await layoutProblems(page, {
          within: "[role=group]",
          checks: ["overflow", "targets"],
        }))
          problems.push(`${where}: ${problem}`);
        await page.keyboard.press("Escape");
        await question.waitFor({ state: "detached" });
      }
    }
    report(problems, expected.path);
  });
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`lists leave no hole whatever the number of items`, async ({ page, context }) => {
      await returningVisitor(context);
      const problems: string[] = [];
      for (const { path, list, limits, most } of COLLECTIONS) {
        await page.goto(path);
        for (let count = 1; count <= most; count++) {
          await resize(page, list, count, limits);
          for (const problem of await layoutProblems(page, { within: list, checks: ["holes", "overflow"] }))
            problems.push(`${path}, ${count} items: ${problem}`);
        }
      }
      report(problems, `lists at ${viewport.width} px`);
    });

    test(`the menu, the consent notice and its panel lay out cleanly`, async ({ page }) => {
      const problems: string[] = [];
      for (const lang of LANGS) {
        await page.goto(homePath(lang));
        await page.locator("html[data-consent=ready]").waitFor();
        const notice = page.getByRole("region", { name: translation(lang, "consent.title") });
        await notice.waitFor();
        for (const problem of await layoutProblems(page, { within: "[data-consent-notice]" }))
          problems.push(`${lang} notice: ${problem}`);
        // A notice that fills the screen hides the page it asks about: it keeps to a third of it.
        const box = (await notice.boundingBox())!;
        if (box.height > viewport.height / 3)
          problems.push(`${lang} notice: ${Math.round(box.height)} px tall, over a third of the screen`);

        await notice.getByRole("button", { name: translation(lang, "consent.customise") }).click();
        const panel = page.getByRole("dialog", { name: translation(lang, "consent.panel_title") });
        await panel.waitFor();
        for (const problem of await layoutProblems(page, { within: "dialog[open]" }))
          problems.push(`${lang} panel: ${problem}`);
        const panelBox = (await panel.boundingBox())!;
        if (panelBox.x < 0 || panelBox.x + panelBox.width > viewport.width)
          problems.push(`${lang} panel: wider than the screen`);
        await page.keyboard.press("Escape");
        await panel.waitFor({ state: "hidden" });

        const button = await menuButton(page);
        if (button) {
          await button.click();
          for (const problem of await layoutProblems(page, { within: "header" }))
            problems.push(`${lang} open menu: ${problem}`);
          await page.keyboard.press("Escape");
        }
      }
      report(problems, `menu, notice and panel at ${viewport.width} px`);
    });
  });
}
