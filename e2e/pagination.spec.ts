import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { writeGeneratedRepository } from "@vifargent/content-api";

import { violations } from "../test-support/axe";
import { settle } from "../test-support/settle";
import { blockOutsideHosts, expect, test } from "./fixtures";
import { visibleHtml } from "./helpers/html";
import { startSiteServer, waitFor, type SiteServer } from "./helpers/site-server";

/**
 * Lists of many works, on a production server reading a generated repository of
 * 60 works: pages of 24 as plain links (no JavaScript needed), rel prev/next,
 * a 404 past the last page, previous/next works wrapping at the ends, and a
 * sitemap that still lists every work.
 */
const WORKS = 60;
const PAGE_SIZE = 24;
let site: SiteServer;
let generated: string;

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  generated = mkdtempSync(path.join(tmpdir(), "site-generated-"));
  const out = path.join(generated, "content");
  await writeGeneratedRepository({ from: path.resolve(__dirname, "../content"), out, works: WORKS });
  // Its own copy of the build: its renders of 60 works (and sitemap) never reach the suite's server's
  // cache, where a later spec would read them instead of the bundled content's.
  site = await startSiteServer(
    { CONTENT_DIR: out, PRISMIC_WEBHOOK_SECRET: "pagination-secret" },
    { ownBuild: true },
  );
});

test.afterAll(async () => {
  await site?.stop();
  rmSync(generated, { recursive: true, force: true });
});

async function get(pathname: string) {
  const response = await fetch(`${site.origin}${pathname}`);
  return { status: response.status, html: visibleHtml(await response.text()) };
}

/** The work links of a list page's grid, in order. */
function workHrefs(html: string): string[] {
  const grid = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  return [...grid.matchAll(/<a [^>]*href="(\/(?:en\/)?works\/[^"?]+)"/g)].map((match) => match[1]);
}

test("a list of 60 works is three pages of links, each page with rel prev/next", async () => {
  // The first page was prerendered from the bundled content: wait for its revalidation.
  await waitFor(
    async () => workHrefs((await get("/works")).html).length === PAGE_SIZE,
    20_000,
    "page 1 of 24",
  );
  const pages = await Promise.all(["/works", "/works?page=2", "/works?page=3"].map(get));
  expect(pages.map((page) => page.status)).toEqual([200, 200, 200]);
  const hrefs = pages.map((page) => workHrefs(page.html));
  expect(hrefs.map((list) => list.length)).toEqual([24, 24, 12]);
  expect(new Set(hrefs.flat()).size).toBe(WORKS);

  const [first, second, third] = pages.map((page) => page.html);
  expect(first).toContain('<link rel="next" href="/works?page=2"/>');
  expect(first).not.toContain('rel="prev"');
  expect(first).toMatch(/<a [^>]*href="\/works\?page=3"/);
  expect(second).toContain('<link rel="prev" href="/works"/>');
  expect(second).toContain('<link rel="next" href="/works?page=3"/>');
  expect(second).toMatch(/<span aria-current="page"[^>]*>.*?2<\/span>/);
  expect(second).toContain('<link rel="canonical" href="http://127.0.0.1:3000/works?page=2"/>');
  expect(third).toContain('<link rel="prev" href="/works?page=2"/>');
  expect(third).not.toContain('rel="next"');

  const past = await get("/works?page=4");
  expect(past.status).toBe(404);
  expect(past.html).toMatch(/<html[^>]* lang="fr"/);
});

test("the pager works without JavaScript", async ({ browser }) => {
  await waitFor(
    async () => workHrefs((await get("/en/works")).html).length === PAGE_SIZE,
    20_000,
    "en page 1",
  );
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: site.origin });
  await blockOutsideHosts(context);
  const page = await context.newPage();
  await page.goto("/en/works");
  await page.getByRole("navigation", { name: "List pages" }).getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/\/en\/works\?page=2$/);
  await expect(
    page.getByRole("navigation", { name: "List pages" }).locator('[aria-current="page"]'),
  ).toHaveText("Page 2");
  await context.close();
});

test("later list pages and their pager have no axe violations, on a phone and a desktop", async ({
  browser,
}) => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    const context = await browser.newContext({ viewport, baseURL: site.origin });
    await blockOutsideHosts(context);
    const page = await context.newPage();
    for (const path of ["/en/works?page=2", "/works?page=3"]) {
      await page.goto(path);
      await settle(page);
      const found = await violations(page);
      expect(found, `axe violations on ${path} at ${viewport.width} px:\n${found.join("\n")}`).toEqual([]);
    }
    await context.close();
  }
});

test("previous and next works follow the list's order and wrap at both ends", async () => {
  const order = (await Promise.all(["/works", "/works?page=2", "/works?page=3"].map(get))).flatMap((page) =>
    workHrefs(page.html),
  );
  for (const index of [0, 30, WORKS - 1]) {
    const { status, html } = await get(order[index]);
    expect(status).toBe(200);
    const previous = html.match(
      /<a [^>]*href="([^"]+)"[^>]*rel="prev"|<a [^>]*rel="prev"[^>]*href="([^"]+)"/,
    );
    const next = html.match(/<a [^>]*href="([^"]+)"[^>]*rel="next"|<a [^>]*rel="next"[^>]*href="([^"]+)"/);
    expect(previous?.[1] ?? previous?.[2]).toBe(order[(index - 1 + WORKS) % WORKS]);
    expect(next?.[1] ?? next?.[2]).toBe(order[(index + 1) % WORKS]);
  }
});

test("the sitemap lists every work in both languages", async () => {
  // The build's sitemap listed the bundled works; the publish webhook rebuilds it.
  const webhook = await fetch(`${site.origin}/api/revalidate`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ secret: "pagination-secret" }),
  });
  expect(webhook.status).toBe(200);
  const workUrls = async () => {
    const xml = await (await fetch(`${site.origin}/sitemap.xml`)).text();
    return [...xml.matchAll(/<loc>[^<]*\/works\/[^<]+<\/loc>/g)].map((match) => match[0]);
  };
  await waitFor(async () => (await workUrls()).length === WORKS * 2, 20_000, "every work in the sitemap");
  expect(new Set(await workUrls()).size).toBe(WORKS * 2);
});
