import { expect, test } from "./fixtures";

test("the home page renders the bundled home_page document", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.locator('[data-slice-type="hero"] h1')).toBeVisible();
  await expect(page.locator('[data-slice-type="featured_works"] a[href^="/works/"]').first()).toBeVisible();
  const images = page.locator("main img");
  expect(await images.count()).toBeGreaterThan(0);
  // Every image loaded from the bundled repository (none broken).
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  }
});
