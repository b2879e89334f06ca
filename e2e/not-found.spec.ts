import { expect, test } from "./fixtures";
import { visibleHtml } from "./helpers/html";
import { homePath, pageAt, projects, translation, type Lang } from "./helpers/content";

/**
 * The 404 cases: status 404, the page's texts in the URL's
 * language (English: the exact texts of docs/product.md#pages; French: the translations
 * document's), a link to that language's home, and the right <html lang>.
 */

const TEXTS: Record<Lang, { message: string; home: string }> = {
  en: { message: "This page could not be found", home: "Go back to home" },
  fr: { message: translation("fr", "errors.not_found_message"), home: translation("fr", "errors.go_home") },
};

const someWork: Record<Lang, string> = { fr: projects("fr")[0].uid!, en: projects("en")[0].uid! };

const cases: Array<{ lang: Lang; path: string; what: string }> = (["fr", "en"] as Lang[]).flatMap((lang) => {
  const prefix = lang === "en" ? "/en" : "";
  const other: Lang = lang === "en" ? "fr" : "en";
  return [
    { lang, path: `${prefix}/works/no-such-work`, what: "unknown uid" },
    { lang, path: `${prefix}/works/${someWork[other]}`, what: "a uid of the other language" },
    { lang, path: `${prefix}/works/${someWork[lang]}/credits`, what: "two segments" },
    { lang, path: `${prefix}/works/BAD%20uid`, what: "malformed uid (space)" },
    { lang, path: `${prefix}/works/Upper`, what: "malformed uid (upper case)" },
    { lang, path: `${prefix}/no-such-page`, what: "unknown path" },
    { lang, path: `${prefix}/contact/extra`, what: "unknown path under a page" },
    { lang, path: `${prefix}/not-found`, what: "/not-found (where broken links go)" },
  ];
});

// The app's internal tree is not a second URL for any page.
cases.push(
  { lang: "fr", path: "/fr", what: "the internal /fr tree" },
  { lang: "fr", path: "/fr/works", what: "the internal /fr tree" },
  { lang: "fr", path: "/fr/contact", what: "the internal /fr tree" },
  { lang: "fr", path: "/fr/accessibility", what: "the internal /fr tree" },
  // A page with a path per language is at its language's path alone.
  { lang: "fr", path: "/accessibility", what: "the English path of the accessibility statement in French" },
  {
    lang: "en",
    path: "/en/accessibilite",
    what: "the French path of the accessibility statement in English",
  },
  { lang: "en", path: "/en/lists/works_page/all/1", what: "the internal list route" },
  { lang: "fr", path: "/fr/lists/works_page/film/1", what: "the internal list route" },
  { lang: "fr", path: "/api/nope", what: "outside the pages (an unknown API path)" },
  { lang: "fr", path: "/works?page=99", what: "a list page past the last" },
  { lang: "en", path: "/en/works-completed?page=0", what: "a malformed list page" },
  { lang: "fr", path: "/works?page=abc", what: "a malformed list page" },
  { lang: "fr", path: "/works?category=hologram", what: "an unknown category" },
  { lang: "en", path: "/en/works?category=Film", what: "a category spelled otherwise" },
  { lang: "fr", path: "/works?category=film&category=series", what: "two categories" },
  { lang: "fr", path: "/works?category=", what: "an empty category" },
  {
    lang: "fr",
    path: "/works-in-production?category=music-video",
    what: "a category with no work in that list",
  },
  { lang: "en", path: "/en/works?category=documentary&page=2", what: "a category's page past the last" },
);

for (const { lang, path, what } of cases) {
  test(`${path} (${what}) sends its 404 page in the server's HTML`, async ({ request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(404);
    const html = visibleHtml(await response.text());
    expect(html).toMatch(new RegExp(`<html[^>]* lang="${lang}"`));
    expect(html).toContain(`>${TEXTS[lang].message}</h1>`);
    expect(html).toMatch(new RegExp(`<a [^>]*href="${homePath(lang)}"[^>]*>${TEXTS[lang].home}</a>`));
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toContain("<header");
    expect(html).toContain("<footer");
    expect(html).toContain('<meta name="robots" content="noindex');
  });
}

for (const { lang, path, what } of cases) {
  test(`${path} (${what}) is a 404 in ${lang}`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(TEXTS[lang].message);
    const home = page.locator("main").getByRole("link", { name: TEXTS[lang].home, exact: true });
    await expect(home).toHaveAttribute("href", homePath(lang));
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const lang of ["fr", "en"] as Lang[]) {
    test(`an unknown work shows the ${lang} 404 page and its link home works`, async ({ page }) => {
      const response = await page.goto(`${lang === "en" ? "/en" : ""}/works/no-such-work`);
      expect(response?.status()).toBe(404);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(TEXTS[lang].message);
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      await page.locator("main").getByRole("link", { name: TEXTS[lang].home, exact: true }).click();
      await expect(page).toHaveURL(homePath(lang));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(pageAt(homePath(lang)).heading);
    });
  }
});

for (const lang of ["fr", "en"] as Lang[]) {
  test(`the 404 page's link leads to the ${lang} home`, async ({ page }) => {
    await page.goto(`${lang === "en" ? "/en" : ""}/works/no-such-work`);
    await page.locator("main").getByRole("link", { name: TEXTS[lang].home, exact: true }).click();
    await expect(page).toHaveURL(homePath(lang));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(pageAt(homePath(lang)).heading);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
  });
}
