import type { Page } from "@playwright/test";

import { settle } from "../test-support/settle";
import { expect, test } from "./fixtures";
import { returningVisitor } from "./helpers/consent";
import { homePath, pageAt, pageSlug, translation, type Lang } from "./helpers/content";

/**
 * Visual regression: every route in both languages, whole pages at a phone and
 * a desktop width, and the consent notice and panel, compared with the
 * baselines committed in e2e/__screenshots__/ (Playwright's toHaveScreenshot,
 * a small tolerance for anti-aliasing: see playwright.config.ts). A change
 * that moves the layout fails here and shows its diff in test-results/;
 * `npm run test:visual:update` records new baselines on purpose.
 */

const ROUTES: Record<Lang, string[]> = {
  fr: [
    "/",
    "/works",
    "/works/la-fabrique-du-mouvement",
    "/works-completed",
    "/works-in-production",
    "/works?category=documentary",
    "/contact",
    "/legals",
    "/accessibilite",
  ],
  en: [
    "/en",
    "/en/works",
    "/en/works/the-movement-factory",
    "/en/works-completed",
    "/en/works-in-production",
    "/en/works-completed?category=film",
    "/en/contact",
    "/en/legals",
    "/en/accessibility",
  ],
};

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

/** A route's baseline name: its page's, then a list's category ("fr_works_documentary"). */
function shotName(route: string): string {
  const url = new URL(route, "http://site.test");
  const category = url.searchParams.get("category");
  return `${pageSlug(pageAt(url.pathname))}${category ? `_${category}` : ""}`;
}

/** The page at rest: reveals done, every image decoded, the scroll indicator faded out. */
async function still(page: Page) {
  await settle(page, { images: true });
  await expect(page.locator('[data-visible="true"]')).toHaveCount(0);
}

/**
 * Still, for a whole-page shot: capturing the whole page grows Chromium's viewport,
 * which makes it pick responsive images again (after hydration it takes a larger
 * candidate); one capture first, then rest, so the compared shots see those images loaded.
 */
async function stillForWholePage(page: Page) {
  await still(page);
  await page.screenshot({ fullPage: true });
  await page.waitForLoadState("networkidle");
  await still(page);
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const path of [...ROUTES.fr, ...ROUTES.en]) {
      test(`${path} looks as recorded`, async ({ page, context }) => {
        await returningVisitor(context);
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await stillForWholePage(page);
        await expect(page).toHaveScreenshot(`${shotName(path)}-${viewport.width}.png`, {
          fullPage: true,
          // Each whole-page capture grows the viewport, and a re-picked image may still be decoding on a
          // busy machine: more time to reach two identical captures, the same tolerance for the comparison.
          timeout: 15_000,
          // The year changes on 1 January; nothing else on a page depends on the date.
          mask: [page.locator("[data-copyright]")],
        });
      });
    }

    for (const lang of ["fr", "en"] as Lang[]) {
      test(`the consent notice and panel in ${lang} look as recorded`, async ({ page }) => {
        await page.goto(homePath(lang));
        await page.locator("html[data-consent=ready]").waitFor();
        const notice = page.getByRole("region", { name: translation(lang, "consent.title") });
        await still(page);
        await expect(notice).toHaveScreenshot(`consent-notice-${lang}-${viewport.width}.png`);
        await notice.getByRole("button", { name: translation(lang, "consent.customise") }).click();
        const panel = page.getByRole("dialog", { name: translation(lang, "consent.panel_title") });
        await expect(panel).toBeVisible();
        await expect(page).toHaveScreenshot(`consent-panel-${lang}-${viewport.width}.png`);
      });
    }
  });
}
