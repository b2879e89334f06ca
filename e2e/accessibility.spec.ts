import { violations } from "../test-support/axe";
import { settle } from "../test-support/settle";
import { expect, test } from "./fixtures";
import { pages, translation, type Lang } from "./helpers/content";

/**
 * axe-core on every page in both languages, plus the 404 page, at a phone and a
 * desktop viewport: every rule axe has, with no tag filter (WCAG A, AA and AAA,
 * best practices, and the rules axe leaves off by default: experimental,
 * deprecated, AAA and target-size), zero violations. A failure lists each
 * violation with its targets.
 */

const VIEWPORTS = [
  { name: "mobile", viewport: { width: 390, height: 844 } },
  { name: "desktop", viewport: { width: 1440, height: 900 } },
];

const PATHS = [
  ...pages.map((page) => page.path),
  // Lists narrowed to a category: the filter with a current item and its clear link.
  "/works?category=documentary",
  "/en/works-in-production?category=series",
  "/works/no-such-work",
  "/en/no-such-page",
];

/**
 * One load serves both viewports: `settle` brings a page to the same rest at either width (every
 * reveal run, every image asked for, back at the top, transitions ended), so the page resized to
 * the desktop and settled again is the page a desktop load and `settle` give.
 */
for (const path of PATHS) {
  test(`${path} has no axe violations (${VIEWPORTS.map(({ name }) => name).join(", ")})`, async ({
    page,
  }) => {
    for (const [index, { name, viewport }] of VIEWPORTS.entries()) {
      await page.setViewportSize(viewport);
      if (index === 0) await page.goto(path);
      await settle(page);
      const found = await violations(page);
      // Soft: a failure at the first viewport still reports the second.
      expect.soft(found, `axe violations on ${path} (${name}):\n${found.join("\n")}`).toEqual([]);
    }
  });
}

// The small-screen menu, opened: its links and the close button are checked too.
test.describe("mobile menu open", () => {
  test.use({ viewport: VIEWPORTS[0].viewport });

  for (const lang of ["fr", "en"] as Lang[]) {
    test(`the open menu has no axe violations (${lang})`, async ({ page }) => {
      await page.goto(lang === "en" ? "/en" : "/");
      await page.getByRole("button", { name: translation(lang, "common.menu_open"), exact: true }).click();
      const toggle = page.getByRole("button", { name: translation(lang, "common.menu_close"), exact: true });
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      const nav = page.getByRole("navigation", { name: translation(lang, "common.main_navigation") });
      await expect(nav.getByRole("link").first()).toBeVisible();
      await settle(page);
      const found = await violations(page);
      expect(found, `axe violations with the menu open (${lang}):\n${found.join("\n")}`).toEqual([]);
    });
  }
});
