import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import type { Locator, Page } from "@playwright/test";
import { writeGeneratedRepository } from "@vifargent/content-api";

import { categorySlug, WORK_CATEGORIES, type WorkCategory } from "../lib/site/work-categories";
import { hydrated } from "../test-support/settle";
import { expect, test } from "./fixtures";
import { renderedContent } from "./helpers/html";
import { documentPath, pages, projects, translation, type Doc, type Lang } from "./helpers/content";
import { startSiteServer, waitFor, type SiteServer } from "./helpers/site-server";

/**
 * Works lists narrowed to a category: a labelled navigation of plain links in the HTML
 * the server sends, one per category holding a work of that list with its count, the current one
 * marked; a filtered page lists that category's works alone, is titled and canonical on its own
 * URL, kept out of search results, cached like the lists, and paginated (on a generated repository).
 */

/** The project model's categories, in its order (the filter's order; work-categories.test.ts holds it to the model). */
const CATEGORIES: readonly string[] = WORK_CATEGORIES;
const slug = (category: string) => categorySlug(category as WorkCategory);
const label = (lang: Lang, category: string) =>
  translation(lang, `categories.${category.replace(/ /g, "_")}`);
const categoriesOf = (doc: Doc) =>
  (doc.data.categories as Array<{ category: string | null }>).flatMap(({ category }) =>
    category ? [category] : [],
  );

const STATUS: Record<string, string | undefined> = {
  works_page: undefined,
  works_completed_page: "completed",
  works_in_production_page: "in production",
};
const LISTS = pages.filter((page) => page.doc.type in STATUS);

function filterOf(page: Page, lang: Lang) {
  return page.getByRole("navigation", { name: translation(lang, "works.filter_label") });
}

async function cardHrefs(scope: Locator) {
  return (
    await scope.locator("article a").evaluateAll((links) => links.map((a) => a.getAttribute("href")))
  ).sort();
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const list of LISTS) {
    test(`${list.path} offers each category holding one of its works, with its count, and each lists those works`, async ({
      page,
    }) => {
      const works = projects(list.lang, STATUS[list.doc.type]);
      const expected = CATEGORIES.flatMap((category) => {
        const count = works.filter((doc) => categoriesOf(doc).includes(category)).length;
        return count > 0 ? [{ category, count }] : [];
      });
      expect(expected.length).toBeLessThan(CATEGORIES.length + 1);
      await page.goto(list.path);
      const links = filterOf(page, list.lang).getByRole("link");
      expect(
        await links.evaluateAll((all) =>
          all.map((a) => [a.textContent, a.getAttribute("href"), a.getAttribute("aria-current")]),
        ),
      ).toEqual([
        [`${translation(list.lang, "works.filter_all")} (${works.length})`, list.path, "page"],
        ...expected.map(({ category, count }) => [
          `${label(list.lang, category)} (${count})`,
          `${list.path}?category=${slug(category)}`,
          null,
        ]),
      ]);

      for (const { category } of expected) {
        const response = await page.goto(`${list.path}?category=${slug(category)}`);
        expect(response?.status()).toBe(200);
        const wanted = works.filter((doc) => categoriesOf(doc).includes(category)).map(documentPath);
        expect(await cardHrefs(page.locator("main"))).toEqual(wanted.sort());
        await expect(filterOf(page, list.lang).locator('[aria-current="page"]')).toHaveText(
          new RegExp(`^${label(list.lang, category)} `),
        );
      }
      // A category none of this list's works has is not offered, and its URL is the site's 404.
      for (const category of CATEGORIES.filter(
        (name) => !expected.some((entry) => entry.category === name),
      )) {
        const response = await page.request.get(`${list.path}?category=${slug(category)}`);
        expect(response.status(), category).toBe(404);
      }
    });
  }

  test("a filtered list is titled, canonical and cleared on its own, kept out of search results", async ({
    page,
  }) => {
    for (const lang of ["fr", "en"] as Lang[]) {
      const list = LISTS.find((entry) => entry.lang === lang && entry.doc.type === "works_page")!;
      await page.goto(list.path);
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
      await filterOf(page, lang)
        .getByRole("link", { name: new RegExp(`^${label(lang, "documentary")} `) })
        .click();
      const filtered = `${list.path}?category=documentary`;
      await expect(page).toHaveURL(filtered);
      await expect(page).toHaveTitle(
        `${list.heading} · ${label(lang, "documentary")} — ${list.title.split(" — ")[1]}`,
      );
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        new RegExp(`${filtered.replace("?", "\\?")}$`),
      );
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
      await expect(
        page.getByText(
          translation(lang, "works.filter_current").replace("{category}", label(lang, "documentary")),
        ),
      ).toBeVisible();
      await page.getByRole("link", { name: translation(lang, "works.filter_clear") }).click();
      await expect(page).toHaveURL(list.path);
      expect((await cardHrefs(page.locator("main"))).length).toBe(projects(lang).length);
    }
  });
});

test("with JavaScript, a filter opens without a document load and moves the current mark", async ({
  page,
}) => {
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
  });
  await page.goto("/en/works-completed");
  // The framework's scripts come after the first paint: a click before they have run is a
  // document load, as it is without JavaScript.
  await hydrated(page);
  const filter = filterOf(page, "en");
  await filter.getByRole("link", { name: /^Film / }).click();
  await expect(page).toHaveURL("/en/works-completed?category=film");
  await expect(filter.locator('[aria-current="page"]')).toHaveText(/^Film /);
  const films = projects("en", "completed").filter((doc) => categoriesOf(doc).includes("film"));
  await expect(page.locator("main article")).toHaveCount(films.length);
  expect(documents).toEqual(["/en/works-completed"]);
});

test("a filtered list is rendered once, then served from the cache", async ({ request }) => {
  const first = await request.get("/works-completed?category=series&utm_source=x");
  expect(first.status()).toBe(200);
  const second = await request.get("/works-completed?category=series");
  // From the cache: fresh, or stale while it is renewed behind the answer (a page other tests here
  // asked for more than 5 s ago); never rendered for the request (MISS) or uncached (none).
  expect(["HIT", "STALE"]).toContain(second.headers()["x-nextjs-cache"]);
  expect(renderedContent(await second.text())).toEqual(renderedContent(await first.text()));
});

test.describe("when the other language has no work of the category", () => {
  let site: SiteServer;

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    // Its own build copy and content: the English music video filed as a film only.
    site = await startSiteServer({}, { ownBuild: true });
    const file = path.join(site.contentDir, "documents", "project.electric.en-gb.json");
    const doc = JSON.parse(readFileSync(file, "utf8")) as Doc;
    doc.data.categories = [{ category: "film" }];
    writeFileSync(file, JSON.stringify(doc));
  });

  test.afterAll(async () => {
    await site?.stop();
  });

  test("the language switch and hreflang lead to that language's whole list, never a 404", async () => {
    const english = await fetch(`${site.origin}/en/works?category=music-video`);
    expect(english.status).toBe(404);
    // The build's copy may hold the page rendered from the bundled content: wait for its renewal.
    const french = `${site.origin}/works?category=music-video`;
    await waitFor(
      async () =>
        (await (await fetch(french)).text()).includes('hrefLang="en" href="http://127.0.0.1:3000/en/works"'),
      20_000,
      "the alternate of the renewed page",
    );
    const html = await (await fetch(french)).text();
    expect(html).toMatch(/<a href="\/en\/works" hrefLang="en"/);
    // A category both languages hold keeps its filter across the switch.
    const film = await (await fetch(`${site.origin}/works?category=film`)).text();
    expect(film).toMatch(/<a href="\/en\/works\?category=film" hrefLang="en"/);
  });
});

test.describe("on a repository of 150 works", () => {
  const WORKS = 150;
  let site: SiteServer;
  let generated: string;
  let documents: Doc[];

  test.describe.configure({ mode: "serial", timeout: 120_000 });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    generated = mkdtempSync(path.join(tmpdir(), "site-filters-"));
    const out = path.join(generated, "content");
    await writeGeneratedRepository({ from: path.resolve(__dirname, "../content"), out, works: WORKS });
    const folder = path.join(out, "documents");
    documents = readdirSync(folder).map(
      (name) => JSON.parse(readFileSync(path.join(folder, name), "utf8")) as Doc,
    );
    // Its own copy of the build: its renders of 150 works never reach the suite's server's cache.
    site = await startSiteServer({ CONTENT_DIR: out }, { ownBuild: true });
  });

  test.afterAll(async () => {
    await site?.stop();
    rmSync(generated, { recursive: true, force: true });
  });

  test("a category's works come a page of 24 at a time, each page's links keeping the filter", async () => {
    const works = documents.filter((doc) => doc.type === "project" && doc.lang === "fr-fr");
    const [category, count] = CATEGORIES.map(
      (name) => [name, works.filter((doc) => categoriesOf(doc).includes(name)).length] as const,
    ).sort((a, b) => b[1] - a[1])[0];
    const pageCount = Math.ceil(count / 24);
    expect(pageCount).toBeGreaterThan(1);
    // The build's copy may hold this page as the suite's server rendered it from the bundled content
    // (the first answer is that stale copy): wait for its renewal from the generated works.
    const first = `${site.origin}/works?category=${slug(category)}`;
    await waitFor(
      async () => (await (await fetch(first)).text()).includes('<link rel="next"'),
      20_000,
      "page 1",
    );
    const seen: string[] = [];
    for (let n = 1; n <= pageCount; n++) {
      const url = `/works?category=${slug(category)}${n > 1 ? `&page=${n}` : ""}`;
      const response = await fetch(`${site.origin}${url}`);
      expect(response.status, url).toBe(200);
      const html = await response.text();
      const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
      seen.push(
        ...[...main.matchAll(/<article[\s\S]*?<a [^>]*href="(\/works\/[^"]+)"/g)].map((match) => match[1]),
      );
      // The current filter: this very page on its first page, its list's link on later ones.
      const current = n === 1 ? "page" : "true";
      // (the chip's label is its first span: lib/fonts/text-width.ts sizes it)
      expect(main).toMatch(new RegExp(`aria-current="${current}"[^>]*><span[^>]*>${label("fr", category)}<`));
      if (n < pageCount)
        expect(html).toContain(`<link rel="next" href="/works?category=${slug(category)}&amp;page=${n + 1}"`);
    }
    const expected = works.filter((doc) => categoriesOf(doc).includes(category)).map(documentPath);
    expect(seen.sort()).toEqual(expected.sort());
    const past = await fetch(`${site.origin}/works?category=${slug(category)}&page=${pageCount + 1}`);
    expect(past.status).toBe(404);
  });
});
