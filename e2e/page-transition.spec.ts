import type { Page } from "@playwright/test";

import { hydrated } from "../test-support/settle";
import { expect, test } from "./fixtures";
import { translation } from "./helpers/content";

/**
 * The page transition as a visitor meets it: following one of the site's links fades the old page
 * out and the new one in; nothing else does, not the first load, nor what appears after it
 * (components/page-transition/page-transition.tsx says why).
 */

/** Records every view transition the page starts: the `view-transition-name`s set at that moment. */
async function recordViewTransitions(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const transitions: string[][] = [];
    Object.assign(window, { __viewTransitions: transitions });
    const start = document.startViewTransition?.bind(document);
    if (!start) return;
    document.startViewTransition = ((...args: Parameters<typeof start>) => {
      transitions.push(
        Array.from(
          document.querySelectorAll<HTMLElement>("*"),
          (element) => element.style.viewTransitionName,
        ).filter(Boolean),
      );
      return start(...args);
    }) as typeof start;
  });
}

const viewTransitions = (page: Page) =>
  page.evaluate(() => (window as unknown as { __viewTransitions: string[][] }).__viewTransitions);

test("a first visit starts no view transition: not at hydration, not when the consent notice appears", async ({
  page,
}) => {
  await recordViewTransitions(page);
  await page.goto("/legals");
  await hydrated(page);
  // The notice is lazily loaded code: it appears after hydration, in a commit React may animate.
  await expect(page.getByRole("region", { name: translation("fr", "consent.title") })).toBeVisible();
  // The commit that shows it has run; give a transition it started time to be recorded too.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))));
  expect(await viewTransitions(page)).toEqual([]);
});

test("following a site link fades the page: one view transition, of the page's own elements", async ({
  page,
}) => {
  await recordViewTransitions(page);
  await page.goto("/legals");
  await hydrated(page);
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await page.getByRole("banner").locator('a[href="/contact"]').click();
  await expect(page).toHaveURL("/contact");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const transitions = await viewTransitions(page);
  expect(transitions).toHaveLength(1);
  // The header, the page's main and its footer, named by the page boundary.
  expect(transitions[0]).toEqual(["page", "page_1", "page_2"]);
  expect(documents).toEqual([]);
});
