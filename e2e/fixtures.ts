import { test as base, expect } from "@playwright/test";

/** Every page in these tests may talk to the site under test only. */
export const test = base.extend({
  page: async ({ page, baseURL }, provide) => {
    const allowed = new URL(baseURL!).host;
    await page.route(
      (url) => url.host !== allowed && url.protocol !== "data:" && url.protocol !== "blob:",
      (route) => route.abort("blockedbyclient"),
    );
    await provide(page);
  },
});

export { expect };
