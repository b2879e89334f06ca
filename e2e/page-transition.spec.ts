import type { Page } from "@playwright/test";

import { hydrated } from "../test-support/settle";
import { expect, test } from "./fixtures";
import { translation } from "./helpers/content";

/**
 * The page transition as a visitor meets it: following one of the site's links fades the old page
 * out and the new one in; the first load does not, nor the consent notice appearing after it
 * (components/page-transition/page-transition.tsx and features/consent/consent-slot.tsx say why).
 */

interface StartedTransition {
  /** The `view-transition-name`s set when it started. */
  names: string[];
  /** The page's heading then. */
  heading: string;
}

/** Records every view transition the page starts. */
async function recordViewTransitions(page: Page): Promise<void> {
  await page.addInitScript(() => {
    // (a browser without view transitions throws here, and records nothing: the test fails)
    const start = document.startViewTransition.bind(document);
    const transitions: StartedTransition[] = [];
    Object.assign(window, { __viewTransitions: transitions });
    document.startViewTransition = ((...args: Parameters<typeof start>) => {
      transitions.push({
        names: Array.from(
          document.querySelectorAll<HTMLElement>("*"),
          (element) => element.style.viewTransitionName,
        ).filter(Boolean),
        heading: document.querySelector("h1")?.textContent ?? "",
      });
      return start(...args);
    }) as typeof start;
  });
}

/** The transitions recorded so far; a browser without view transitions fails the test. */
const viewTransitions = (page: Page) =>
  page.evaluate(() => {
    const recorded = (window as unknown as { __viewTransitions?: StartedTransition[] }).__viewTransitions;
    if (!recorded) throw new Error("the browser has no view transitions to record");
    return recorded;
  });

/**
 * A first visit to the legal notice, recorded, once hydrated and its consent notice is in place
 * (lazily loaded code: it appears after hydration, in a commit React may animate).
 */
async function firstVisitWithNotice(page: Page): Promise<void> {
  await recordViewTransitions(page);
  await page.goto("/legals");
  await hydrated(page);
  await expect(page.getByRole("region", { name: translation("fr", "consent.title") })).toBeVisible();
}

test("a first visit starts no view transition: not at hydration, not when the consent notice appears", async ({
  page,
}) => {
  await firstVisitWithNotice(page);
  // The commit that shows it has run; give a transition it started time to be recorded too.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))));
  expect(await viewTransitions(page)).toEqual([]);
});

test("following a site link fades the page: one view transition, of the page's own elements", async ({
  page,
}) => {
  // (the notice in place first: what appears after the click is the navigation's alone)
  await firstVisitWithNotice(page);
  const heading = await page.getByRole("heading", { level: 1 }).textContent();
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await page.getByRole("banner").locator('a[href="/contact"]').click();
  await expect(page).toHaveURL("/contact");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // One transition, started from the page the click left: the header, its main and its footer,
  // named by the page boundary.
  expect(await viewTransitions(page)).toEqual([{ names: ["page", "page_1", "page_2"], heading }]);
  expect(documents).toEqual([]);
});
