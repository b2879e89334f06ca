import type { Locator, Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import path from "node:path";

import { expect, test } from "./fixtures";
import {
  asText,
  companyName,
  documentPath,
  linkHref,
  pages,
  projects,
  single,
  SITE_DESCRIPTION,
  translation,
  type Block,
  type Doc,
  type Lang,
  type Link,
  type PageExpectation,
  type Slice,
} from "./helpers/content";

/**
 * Every page in both languages: status, <title>, <html lang>, its one h1, the
 * key content of its document, and the head (canonical, hreflang, Open Graph,
 * JSON-LD). Expected values come from the content repository.
 */

/** What the accessibility statement's audit block reads (features/accessibility/audit-results.json). */
interface AuditFile {
  date: string;
  tool: { version: string };
  browser: string;
  checks: Array<{ path: string; violations: Array<{ rule: string }> }>;
}

function auditResults(): AuditFile {
  return JSON.parse(
    readFileSync(path.resolve(__dirname, "../features/accessibility/audit-results.json"), "utf8"),
  ) as AuditFile;
}

/** Same-origin hrefs are compared by path: the absolute origin is NEXT_PUBLIC_SITE_URL's. */
function pathOf(href: string | null): string | null {
  return href === null ? null : new URL(href, "http://site.invalid").pathname;
}

async function jsonLd(page: Page): Promise<Array<Record<string, unknown>>> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

async function expectHead(page: Page, expected: PageExpectation) {
  const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
  expect(pathOf(canonical), "canonical URL").toBe(expected.path);
  for (const [lang, path] of Object.entries(expected.alternates) as Array<[Lang, string]>) {
    const alternate = page.locator(`link[rel="alternate"][hreflang="${lang}"]`);
    expect(pathOf(await alternate.getAttribute("href")), `hreflang ${lang}`).toBe(path);
  }
  const xDefault = page.locator('link[rel="alternate"][hreflang="x-default"]');
  expect(pathOf(await xDefault.getAttribute("href")), "hreflang x-default").toBe(expected.alternates.fr);

  const ogTitle = await page.locator('meta[property="og:title"]').getAttribute("content");
  expect(ogTitle?.trim(), "og:title").toBeTruthy();
  const ogImage = await page.locator('meta[property="og:image"]').first().getAttribute("content");
  expect(ogImage, "og:image").toBeTruthy();
  // The share image is served by this site (under the configured public origin).
  const image = await page.request.get(pathOf(ogImage)!);
  expect(image.status(), `og:image ${ogImage}`).toBe(200);
  expect(image.headers()["content-type"]).toMatch(/^image\//);

  // Whatever structured data a page has must parse.
  await jsonLd(page);
}

/** The cards of a works grid: each card's heading and link. */
async function cards(scope: Locator) {
  return scope.locator("article").evaluateAll((articles) =>
    articles.map((article) => ({
      title: article.querySelector("h2, h3")?.textContent?.trim() ?? "",
      href: article.querySelector("a")?.getAttribute("href") ?? "",
    })),
  );
}

/** Every hyperlink the blocks' text holds is a link in `main`, by its words, to its address. */
async function expectHyperlinks(
  main: Locator,
  blocks: Array<{
    text?: string;
    spans?: Array<{ type: string; start: number; end: number; data?: unknown }>;
  }>,
) {
  const hyperlinks = blocks.flatMap((block) =>
    (block.spans ?? [])
      .filter((span) => span.type === "hyperlink")
      .map((span) => ({
        text: block.text!.slice(span.start, span.end),
        href: linkHref(span.data as Parameters<typeof linkHref>[0]),
      })),
  );
  expect(hyperlinks.length).toBeGreaterThan(0);
  for (const { text, href } of hyperlinks) {
    await expect(main.getByRole("link", { name: text, exact: true })).toHaveAttribute("href", href!);
  }
}

function sorted<T>(items: T[]): T[] {
  return [...items].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

function cardsOf(docs: Doc[]) {
  return sorted(docs.map((doc) => ({ title: doc.data.title as string, href: documentPath(doc)! })));
}

const checkContent: Record<string, (page: Page, expected: PageExpectation) => Promise<void>> = {
  async home_page(page, { doc, lang }) {
    const slices = doc.data.slices as Slice[];
    const featured = slices.find((slice) => slice.slice_type === "featured_works")!;
    const featuredDocs = (featured.primary.works as Array<{ work: { id: string } }>).map(({ work }) =>
      projects(lang).find((project) => project.id === work.id)!,
    );
    const section = page.locator('[data-slice-type="featured_works"]');
    expect(await cards(section)).toEqual(
      featuredDocs.map((work) => ({ title: work.data.title, href: documentPath(work) })),
    );

    for (const slice of slices) {
      const heading = asText(slice.primary.heading as Block[]);
      if (slice.slice_type !== "hero" && heading) {
        await expect(page.getByRole("heading", { level: 2, name: heading, exact: true })).toBeVisible();
      }
    }
    const clients = slices.find((slice) => slice.slice_type === "clients")!;
    for (const client of clients.primary.clients as Array<{ name: string }>) {
      await expect(
        page.locator('[data-slice-type="clients"]').getByRole("img", { name: client.name, exact: true }),
      ).toHaveCount(1);
    }
    const cta = slices.find((slice) => slice.slice_type === "call_to_action")!;
    const button = page
      .locator('[data-slice-type="call_to_action"]')
      .getByRole("link", { name: cta.primary.button_label as string, exact: true });
    await expect(button).toHaveAttribute("href", linkHref(cta.primary.button_link as Link)!);

    const organization = (await jsonLd(page)).find((data) => data["@type"] === "Organization");
    expect(organization, "Organization JSON-LD").toMatchObject({
      "@context": "https://schema.org",
      name: companyName(lang),
    });
  },

  async works_page(page, { lang }) {
    expect(sorted(await cards(page.locator("main")))).toEqual(cardsOf(projects(lang)));
  },

  async works_completed_page(page, { lang }) {
    const completed = projects(lang, "completed");
    expect(completed.length).toBeGreaterThan(0);
    expect(sorted(await cards(page.locator("main")))).toEqual(cardsOf(completed));
  },

  async works_in_production_page(page, { lang }) {
    const inProduction = projects(lang, "in production");
    expect(inProduction.length).toBeGreaterThan(0);
    expect(sorted(await cards(page.locator("main")))).toEqual(cardsOf(inProduction));
  },

  async project(page, { doc, lang }) {
    const main = page.locator("main");
    const facts = main.locator("header dl");
    await expect(facts.getByText(doc.data.client as string, { exact: true })).toBeVisible();
    await expect(facts.getByText(String(doc.data.year), { exact: true })).toBeVisible();
    for (const block of doc.data.summary as Block[]) {
      await expect(main.getByText(block.text!, { exact: true })).toBeVisible();
    }
    const credits = main.locator("section", { has: page.locator("#work-credits") });
    const shownCredits = await credits.locator("dl > div").evaluateAll((rows) =>
      rows.map((row) => ({
        role: row.querySelector("dt")?.textContent?.trim(),
        name: row.querySelector("dd")?.textContent?.trim(),
      })),
    );
    expect(shownCredits).toEqual(
      (doc.data.credits as Array<{ role: string; name: string }>).map(({ role, name }) => ({ role, name })),
    );

    const siblings = new Set(projects(lang).map((project) => documentPath(project)));
    siblings.delete(documentPath(doc));
    for (const rel of ["prev", "next"]) {
      const href = await main.locator(`a[rel="${rel}"]`).getAttribute("href");
      expect(siblings.has(href), `${rel} link ${href} is another work in ${lang}`).toBe(true);
    }

    const work = (await jsonLd(page)).find((data) => data["@type"] === "CreativeWork");
    expect(work, "CreativeWork JSON-LD").toMatchObject({
      "@context": "https://schema.org",
      name: doc.data.title,
    });
  },

  async contact_page(page, { doc, lang }) {
    // The e-mail contacts' own section (the contact form below names purposes too).
    const emails = page.getByRole("region", { name: translation(lang, "contact.emails") });
    for (const contact of doc.data.contacts as Array<{ email: string; purpose: string }>) {
      const link = emails.getByRole("link", { name: contact.email, exact: true });
      await expect(link).toHaveAttribute("href", `mailto:${contact.email}`);
      await expect(emails.getByText(contact.purpose, { exact: true })).toBeVisible();
    }
    for (const address of doc.data.addresses as Array<{ city: string }>) {
      await expect(page.getByRole("heading", { name: address.city, exact: true })).toBeVisible();
    }
  },

  async accessibility_page(page, { doc, lang }) {
    const main = page.locator("main");
    const blocks = ["status", "contact", "remedies"].flatMap((field) => doc.data[field] as Block[]);
    for (const block of blocks) {
      const level = /^heading([1-6])$/.exec(block.type)?.[1];
      if (level) {
        await expect(
          main.getByRole("heading", { level: Number(level), name: block.text, exact: true }),
        ).toHaveCount(1);
      }
    }
    await expect(
      main.getByText(/Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07/),
    ).toBeVisible();
    await expectHyperlinks(main, blocks);
    // The automated audit's figures, from the results file the build read.
    const audit = main.getByRole("region", {
      name: translation(lang, "accessibility.audit_title"),
      exact: true,
    });
    const results = auditResults();
    await expect(audit.locator("time")).toHaveAttribute("datetime", results.date);
    const figure = (key: string) =>
      audit.locator(`xpath=.//dt[normalize-space()="${translation(lang, key)}"]/following-sibling::dd`);
    await expect(figure("accessibility.tested_pages")).toHaveText(
      String(new Set(results.checks.map((check) => check.path)).size),
    );
    await expect(figure("accessibility.tested_tool")).toHaveText(`axe-core ${results.tool.version}`);
    await expect(figure("accessibility.tested_browser")).toHaveText(results.browser);
    const broken = new Set(
      results.checks.flatMap((check) => check.violations.map((violation) => violation.rule)),
    );
    if (broken.size === 0)
      await expect(audit.getByText(translation(lang, "accessibility.found_none"))).toBeVisible();
    else expect((await audit.locator("li code").allTextContents()).sort()).toEqual([...broken].sort());
    await expect(
      audit.getByRole("heading", { level: 3, name: translation(lang, "accessibility.limits_title") }),
    ).toBeVisible();
  },

  async legals_page(page, { doc }) {
    const content = doc.data.content as Block[];
    const main = page.locator("main");
    for (const block of content) {
      const level = /^heading([1-6])$/.exec(block.type)?.[1];
      if (level) {
        await expect(
          main.getByRole("heading", { level: Number(level), name: block.text, exact: true }),
        ).toHaveCount(1);
      }
    }
    await expectHyperlinks(main, content);
  },
};

for (const expected of pages) {
  test(`${expected.path} (${expected.doc.type}) shows its document`, async ({ page }) => {
    // A first visit logs no error (a missing favicon, a failed resource, a hydration mismatch).
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(`${message.text()} ${message.location().url}`);
    });
    page.on("pageerror", (error) => errors.push(error.message));

    const response = await page.goto(expected.path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(expected.title);
    await expect(page.locator("html")).toHaveAttribute("lang", expected.lang);
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(expected.heading);
    await expectHead(page, expected);
    await checkContent[expected.doc.type](page, expected);
    expect(errors, "console errors").toEqual([]);
  });
}

/** The site's description is the home page's (and what its share cards say). */
for (const lang of ["fr", "en"] as Lang[]) {
  const path = documentPath(single("home_page", lang))!;
  test(`the ${lang} home page (${path}) has the product's description`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", SITE_DESCRIPTION[lang]);
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
      "content",
      SITE_DESCRIPTION[lang],
    );
    await expect(page.locator('meta[name="twitter:description"]')).toHaveAttribute(
      "content",
      SITE_DESCRIPTION[lang],
    );
  });
}

/** Following "next" from any work visits every work of the language once; "previous" undoes it. */
for (const lang of ["fr", "en"] as Lang[]) {
  test(`previous and next links go round every work in ${lang}`, async ({ page }) => {
    const all = projects(lang).map((project) => documentPath(project)!);
    const neighbours = new Map<string, { prev: string; next: string }>();
    for (const path of all) {
      const html = await (await page.request.get(path)).text();
      const rel = (name: string) =>
        new RegExp(`<a[^>]*rel="${name}"[^>]*href="([^"]+)"|<a[^>]*href="([^"]+)"[^>]*rel="${name}"`).exec(
          html,
        );
      const prev = rel("prev");
      const next = rel("next");
      neighbours.set(path, { prev: prev?.[1] ?? prev?.[2] ?? "", next: next?.[1] ?? next?.[2] ?? "" });
    }
    const visited: string[] = [];
    let current = all[0];
    do {
      visited.push(current);
      const { next } = neighbours.get(current)!;
      expect(neighbours.get(next)?.prev, `previous of ${next}`).toBe(current);
      current = next;
    } while (current !== all[0] && visited.length <= all.length);
    expect(sorted(visited)).toEqual(sorted(all));
  });
}

/** What every page shares, from the settings and translations documents: header, language switch, footer. */
for (const lang of ["fr", "en"] as Lang[]) {
  test(`the header and footer show the ${lang} settings`, async ({ page }) => {
    const settings = single("settings", lang).data;
    const works = pages.find((candidate) => candidate.lang === lang && candidate.doc.type === "works_page")!;
    await page.goto(works.path);

    const nav = page.getByRole("navigation", {
      name: translation(lang, "common.main_navigation"),
      exact: true,
    });
    const items = await nav
      .getByRole("link")
      .evaluateAll((links) =>
        links.map((link) => ({ label: link.textContent?.trim(), href: link.getAttribute("href") })),
      );
    expect(items).toEqual(
      (settings.navigation as Array<{ label: string; link: Link }>).map((item) => ({
        label: item.label,
        href: linkHref(item.link),
      })),
    );
    await expect(nav.getByRole("link", { name: items[0].label!, exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByRole("banner").getByRole("link", { name: companyName(lang) })).toHaveAttribute(
      "href",
      lang === "en" ? "/en" : "/",
    );
    await expect(
      page.getByRole("navigation", { name: translation(lang, "common.language_switch"), exact: true }),
    ).toBeVisible();

    const footer = page.getByRole("contentinfo");
    await expect(
      footer.getByRole("link", { name: translation(lang, "common.legals"), exact: true }),
    ).toHaveAttribute("href", documentPath(single("legals_page", lang))!);
    await expect(
      footer.getByRole("link", { name: translation(lang, "common.accessibility"), exact: true }),
    ).toHaveAttribute("href", documentPath(single("accessibility_page", lang))!);
    await expect(
      footer.getByRole("button", { name: translation(lang, "common.cookie_preferences"), exact: true }),
    ).toBeVisible();
    const social = footer.getByRole("navigation", {
      name: translation(lang, "common.social_links"),
      exact: true,
    });
    for (const item of settings.social_links as Array<{ label: string; url: Link }>) {
      const link = social.getByRole("link", { name: item.label, exact: true });
      await expect(link).toHaveAttribute("href", item.url.url!);
      await expect(link).toHaveAttribute("rel", /noopener/);
    }
  });
}

/**
 * The pages a fresh deployment serves were prerendered under the app paths the request router
 * rewrites to (/fr/lists/works_page/all/1): each still marks its own navigation link as the current
 * page, in the HTML sent (what a visitor without JavaScript, or before hydration, gets) and once
 * hydrated.
 */
for (const lang of ["fr", "en"] as Lang[]) {
  test(`each page of the ${lang} navigation marks its own link as the current page`, async ({
    page,
    request,
  }) => {
    const navigation = single("settings", lang).data.navigation as Array<{ label: string; link: Link }>;
    for (const item of navigation) {
      const href = linkHref(item.link)!;
      const html = await (await request.get(href)).text();
      const marked = [...html.matchAll(/<a [^>]*aria-current="page"[^>]*>([^<]*)<\/a>/g)].map(
        (match) => match[1],
      );
      expect(marked, href).toContain(item.label);
      await page.goto(href);
      await page.waitForLoadState("networkidle");
      const nav = page.getByRole("navigation", {
        name: translation(lang, "common.main_navigation"),
        exact: true,
      });
      await expect(nav.getByRole("link", { name: item.label, exact: true }), href).toHaveAttribute(
        "aria-current",
        "page",
      );
    }
  });
}
