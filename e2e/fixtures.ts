import { test as base, expect, type Page } from "@playwright/test";

/**
 * Every page in these tests may talk to the sites under test on loopback only:
 * requests to any other host (video players, analytics, fonts) are aborted.
 */
const LOOPBACK = new Set(["127.0.0.1", "localhost"]);

/** Aborts every request of a page (or a whole context) to a host other than loopback. */
export async function blockOutsideHosts(target: Pick<Page, "route">): Promise<void> {
  await target.route(
    (url) => (url.protocol === "http:" || url.protocol === "https:") && !LOOPBACK.has(url.hostname),
    (route) => route.abort("blockedbyclient"),
  );
}

export const test = base.extend({
  page: async ({ page }, provide) => {
    await blockOutsideHosts(page);
    await provide(page);
  },
});

export { expect };
