import { expect, test } from "./fixtures";
import { SITE_DESCRIPTION } from "./helpers/content";
import {
  changedProject,
  heroHeading,
  homeDraft,
  homeLive,
  previewLink,
  unpublishedProject,
} from "./helpers/release";

/** Editors: a preview link shows the draft release on the real site, until they exit. */

test("a preview link shows the draft of a changed work, on its page and in the lists, until exit", async ({
  page,
  context,
}) => {
  await page.goto(previewLink(changedProject.id));
  await expect(page).toHaveURL(new RegExp(`/works/${changedProject.uid}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(changedProject.draftTitle);
  const indicator = page.getByRole("complementary", { name: "Mode prévisualisation" });
  await expect(indicator).toBeVisible();
  expect((await context.cookies()).map((cookie) => cookie.name)).toEqual(
    expect.arrayContaining(["__prerender_bypass", "io.prismic.preview"]),
  );

  // The lists that show the work show the draft too; client navigation stays in draft mode.
  await page
    .getByRole("navigation", { name: "Navigation principale" })
    .getByRole("link", { name: "Projets" })
    .first()
    .click();
  await expect(page).toHaveURL(/\/works$/);
  await expect(page.getByRole("heading", { name: changedProject.draftTitle })).toBeVisible();
  await expect(page.getByRole("heading", { name: changedProject.liveTitle, exact: true })).toHaveCount(0);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heroHeading(homeDraft));
  // The release's home keeps the site's description.
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", SITE_DESCRIPTION.fr);

  // Exit: back on the same page, published content, no indicator, no preview cookies.
  await indicator.getByRole("link", { name: "Quitter la prévisualisation" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heroHeading(homeLive));
  await expect(page.getByRole("complementary", { name: "Mode prévisualisation" })).toHaveCount(0);
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("io.prismic.preview");
  await page.goto(`/works/${changedProject.uid}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(changedProject.liveTitle);
});

test("an unpublished work is visible in preview and a 404 outside it", async ({ page }) => {
  const path = `/works/${unpublishedProject.uid}`;
  expect((await page.request.get(path)).status()).toBe(404);

  await page.goto(previewLink(unpublishedProject.id));
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(unpublishedProject.title);

  await page.goto(`/api/exit-preview?redirect=${encodeURIComponent(path)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cette page est introuvable");
  expect((await page.request.get(path)).status()).toBe(404);
});

test("visitors never see drafts, and pages stay static for them", async ({ page }) => {
  const response = await page.goto(`/works/${changedProject.uid}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(changedProject.liveTitle);
  expect(response?.headers()["x-nextjs-cache"]).toMatch(/HIT|STALE/);
  await expect(page.getByRole("complementary", { name: "Mode prévisualisation" })).toHaveCount(0);
  // No Prismic toolbar with the bundled repository, in or out of preview.
  expect(await page.locator('script[src*="prismic"]').count()).toBe(0);
});
