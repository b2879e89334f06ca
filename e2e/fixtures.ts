import { test as base, expect } from "@playwright/test";

/**
 * Every page in these tests may talk to the sites under test on loopback only:
 * requests to any other host (video players, analytics, fonts) are aborted.
 */
const LOOPBACK = new Set(["127.0.0.1", "localhost"]);

export const test = base.extend({
  page: async ({ page }, provide) => {
    await page.route(
      (url) => (url.protocol === "http:" || url.protocol === "https:") && !LOOPBACK.has(url.hostname),
      (route) => route.abort("blockedbyclient"),
    );
    await provide(page);
  },
});

export { expect };
