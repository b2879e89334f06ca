import type { APIRequestContext } from "@playwright/test";

import { expect, test } from "./fixtures";
import { homePath, pages } from "./helpers/content";

/**
 * A breadth-first crawl from each home page over the server-rendered HTML:
 * every same-origin <a href> is requested once and must answer 200, and so
 * must every image the pages show (<img src>). Other hosts (social links, maps,
 * players) are never requested; mailto: and tel: links are not pages.
 */

interface Found {
  url: string;
  from: string;
}

const ATTRIBUTE = /<(a|img)\b[^>]*?\s(?:href|src)="([^"]*)"/g;

function decodeEntities(value: string): string {
  return value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

async function crawl(request: APIRequestContext, origin: string, start: string) {
  const seen = new Set<string>();
  const queue: Found[] = [{ url: new URL(start, origin).href, from: "(start)" }];
  const broken: string[] = [];
  const pagesVisited: string[] = [];
  seen.add(queue[0].url);

  while (queue.length > 0) {
    const { url, from } = queue.shift()!;
    const response = await request.get(url, { maxRedirects: 0 });
    if (response.status() !== 200) {
      broken.push(`${response.status()} ${url.replace(origin, "")} (linked from ${from})`);
      continue;
    }
    if (!(response.headers()["content-type"] ?? "").startsWith("text/html")) continue;
    const path = url.replace(origin, "");
    pagesVisited.push(path);

    for (const [, tag, raw] of (await response.text()).matchAll(ATTRIBUTE)) {
      const target = new URL(decodeEntities(raw), url);
      if (target.origin !== origin) continue;
      // Pages are the same page whatever their hash; images keep their query (the optimiser's size).
      target.hash = "";
      if (tag === "a") target.search = "";
      if (!seen.has(target.href)) {
        seen.add(target.href);
        queue.push({ url: target.href, from: path });
      }
    }
  }
  return { broken, pagesVisited };
}

for (const lang of ["fr", "en"] as const) {
  test(`every link and image reachable from ${homePath(lang)} answers 200`, async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const origin = new URL(baseURL!).origin;
    const { broken, pagesVisited } = await crawl(page.request, origin, homePath(lang));
    expect(broken, `broken links:\n${broken.join("\n")}`).toEqual([]);
    // The crawl reached every page of the content in this language (nothing orphaned).
    const expected = pages.filter((candidate) => candidate.lang === lang).map((candidate) => candidate.path);
    expect(pagesVisited).toEqual(expect.arrayContaining(expected));
  });
}

test("sitemap.xml lists every page in both languages, each answering 200", async ({ page }) => {
  const response = await page.request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  // <loc> URLs use the public origin (NEXT_PUBLIC_SITE_URL); this server answers for their paths.
  const listed = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    ([, loc]) => new URL(decodeEntities(loc)).pathname,
  );
  expect([...listed].sort()).toEqual(pages.map((candidate) => candidate.path).sort());
  const broken: string[] = [];
  for (const path of listed) {
    const status = (await page.request.get(path, { maxRedirects: 0 })).status();
    if (status !== 200) broken.push(`${status} ${path}`);
  }
  expect(broken, `sitemap entries that do not answer 200:\n${broken.join("\n")}`).toEqual([]);
});

// What browsers and crawlers ask for without a link: a missing one is a 404 on every first visit.
for (const path of ["/favicon.ico", "/robots.txt"]) {
  test(`${path} answers 200`, async ({ page }) => {
    expect((await page.request.get(path)).status()).toBe(200);
  });
}
