import { readFileSync } from "node:fs";
import path from "node:path";

import { expect, test } from "./fixtures";

interface Slice {
  slice_type: string;
  primary: { heading: Array<{ text: string }> };
}

const home = JSON.parse(
  readFileSync(path.join(__dirname, "../content/documents/home_page.home_page.fr-fr.json"), "utf8"),
) as { data: { slices: Slice[] } };
const heroHeading = home.data.slices.find((slice) => slice.slice_type === "hero")!.primary.heading[0].text;

test("the home page renders the bundled home_page document", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heroHeading);
  await expect(page.locator('[data-slice-type="featured_works"] a[href^="/works/"]').first()).toBeVisible();
  const images = page.locator("main img");
  expect(await images.count()).toBeGreaterThan(0);
  // Every image loads from the bundled repository (none broken).
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  }
});
