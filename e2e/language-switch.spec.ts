import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { expectationFor, pageAt, pages, projects, single, translation, type Lang } from "./helpers/content";

/**
 * The language switch leads to the same document in the other language (its
 * alternate_languages), then back: checked by URL, <html lang> and the h1 of
 * that language's document.
 */

const OTHER: Record<Lang, Lang> = { fr: "en", en: "fr" };
/** Each link shows the language's code and is named by it, then the language's own name. */
const LINK_NAME: Record<Lang, string> = { fr: "FR – Français", en: "EN – English" };

async function switchLanguage(page: Page, from: Lang) {
  const nav = page.getByRole("navigation", {
    name: translation(from, "common.language_switch"),
    exact: true,
  });
  await nav.getByRole("link", { name: LINK_NAME[OTHER[from]], exact: true }).click();
}

async function expectPage(page: Page, path: string) {
  const expected = pageAt(path);
  await expect(page).toHaveURL(path);
  await expect(page.locator("html")).toHaveAttribute("lang", expected.lang);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(expected.heading);
}

// A work whose uid differs between languages, so the switch must use alternate_languages.
const work = projects("fr").find((doc) =>
  doc.alternate_languages.some((alt) => alt.uid && alt.uid !== doc.uid),
)!;

const starts = [
  single("home_page", "fr"),
  work,
  single("contact_page", "fr"),
  single("works_completed_page", "en"),
  // A page whose path is a word of each language: /accessibilite ↔ /en/accessibility.
  single("accessibility_page", "fr"),
  single("accessibility_page", "en"),
];

for (const doc of starts) {
  const from = expectationFor(doc);
  const to = from.alternates[OTHER[from.lang]]!;

  test(`the switch on ${from.path} leads to ${to} and back`, async ({ page }) => {
    expect(to, `${from.path} has a translation`).toBeTruthy();
    await page.goto(from.path);
    await expectPage(page, from.path);

    await switchLanguage(page, from.lang);
    await expectPage(page, to);

    await switchLanguage(page, OTHER[from.lang]);
    await expectPage(page, from.path);
  });
}

/**
 * Loading a page must not keep fetching the other language's data: the client
 * router's prefetch of a French URL from an English page once looped, hundreds
 * of requests a second. Every request for router data is counted while the
 * page sits idle with the switch hovered.
 */
for (const expected of pages.filter((candidate) => candidate.doc.type !== "project")) {
  test(`${expected.path} does not request the same router data over and over`, async ({ page }) => {
    const counts = new Map<string, number>();
    page.on("request", (request) => {
      if (!request.url().includes("_rsc=")) return;
      const key = `${request.url()} ${request.headers()["next-router-segment-prefetch"] ?? ""}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    });
    await page.goto(expected.path);
    const nav = page.getByRole("navigation", {
      name: translation(expected.lang, "common.language_switch"),
      exact: true,
    });
    await nav.getByRole("link").hover();
    await page.waitForTimeout(750);
    const repeated = [...counts].filter(([, count]) => count > 2).map(([key, count]) => `${count}× ${key}`);
    expect(repeated, `requests repeated:\n${repeated.join("\n")}`).toEqual([]);
  });
}
