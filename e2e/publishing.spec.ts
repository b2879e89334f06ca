import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

import { hydrated } from "../test-support/settle";
import { expect, test } from "./fixtures";
import { previewLink } from "./helpers/release";
import { publishWatch, startSiteServer, waitFor, type SiteServer } from "./helpers/site-server";

/**
 * Publishing without a redeploy: with the bundled repository, editing a file
 * under CONTENT_DIR is publishing. A second production server reads a private
 * copy of the content, so these edits never touch the repository.
 */
const SECRET = "publishing-secret";
let server: SiteServer;

test.beforeAll(async () => {
  server = await startSiteServer({ PRISMIC_WEBHOOK_SECRET: SECRET });
});

test.afterAll(async () => {
  await server?.stop();
});

function editDocument(file: string, edit: (doc: { data: Record<string, unknown> }) => void) {
  const fullPath = path.join(server.contentDir, file);
  const doc = JSON.parse(readFileSync(fullPath, "utf8"));
  edit(doc);
  writeFileSync(fullPath, JSON.stringify(doc, null, 2));
}

async function h1(pathname: string): Promise<string> {
  const html = await (await fetch(`${server.origin}${pathname}`)).text();
  return (/<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? "").replace(/<[^>]+>/g, "");
}

async function status(pathname: string): Promise<number> {
  return (await fetch(`${server.origin}${pathname}`)).status;
}

test("an edited document shows within the revalidation window, and once rendered anew after the webhook", async () => {
  test.setTimeout(90_000);
  const file = "documents/project.electrique.fr-fr.json";
  expect(await h1("/works/electrique")).not.toBe("Électrique, remonté");

  editDocument(file, (doc) => (doc.data.title = "Électrique, remonté"));
  // ISR serves the stale page once, then the regenerated one: poll requests, as visitors would.
  const seconds = await waitFor(
    async () => (await h1("/works/electrique")) === "Électrique, remonté",
    20_000,
    "the edit",
  );
  console.log(`edit visible after ${seconds.toFixed(1)} s`);

  editDocument(file, (doc) => (doc.data.title = "Électrique, version finale"));
  const live = publishWatch(server);
  const webhook = await fetch(`${server.origin}/api/revalidate`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ type: "api-update", secret: SECRET }),
  });
  expect(webhook.status).toBe(200);
  // After the webhook the page is rendered anew in the background (features/publish): the first
  // visit once that is done gets the new content, without waiting for the revalidation window.
  await live();
  expect(await h1("/works/electrique")).toBe("Électrique, version finale");
});

test("a work unpublished after the build becomes a 404; a new one renders on demand", async () => {
  test.setTimeout(90_000);
  expect(await status("/works/ondes-de-choc")).toBe(200);
  rmSync(path.join(server.contentDir, "documents/project.ondes-de-choc.fr-fr.json"));

  const added = JSON.parse(
    readFileSync(path.join(server.contentDir, "documents/project.electrique.fr-fr.json"), "utf8"),
  );
  Object.assign(added, {
    id: "NewWork00000001x",
    uid: "nouveau-projet",
    slugs: ["nouveau-projet"],
    alternate_languages: [],
  });
  added.data.title = "Un tout nouveau projet";
  writeFileSync(
    path.join(server.contentDir, "documents/project.nouveau-projet.fr-fr.json"),
    JSON.stringify(added),
  );

  await fetch(`${server.origin}/api/revalidate`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ secret: SECRET }),
  });
  await waitFor(
    async () => (await status("/works/ondes-de-choc")) === 404,
    20_000,
    "the unpublished work's 404",
  );
  expect(await status("/works/nouveau-projet")).toBe(200);
  expect(await h1("/works/nouveau-projet")).toBe("Un tout nouveau projet");
});

test("a prismicPreviewUpdate event refreshes the draft data in place", async ({ page }) => {
  const draftFile = "releases/spring-launch/documents/project.aurores-boreales.fr-fr.json";
  const draft = JSON.parse(readFileSync(path.join(server.contentDir, draftFile), "utf8"));
  await page.goto(`${server.origin}${previewLink(draft.id)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(draft.data.title);
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));

  editDocument(draftFile, (doc) => (doc.data.title = "Aurores boréales — montage du jour"));
  await page.evaluate(() => window.dispatchEvent(new Event("prismicPreviewUpdate")));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aurores boréales — montage du jour");
  // Refreshed in place, not reloaded.
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
});

test("a prismicPreviewEnd event ends the preview", async ({ page, context }) => {
  const draftFile = "releases/spring-launch/documents/project.aurores-boreales.fr-fr.json";
  const draft = JSON.parse(readFileSync(path.join(server.contentDir, draftFile), "utf8"));
  const live = JSON.parse(
    readFileSync(path.join(server.contentDir, "documents/project.aurores-boreales.fr-fr.json"), "utf8"),
  );
  await page.goto(`${server.origin}${previewLink(draft.id)}`);
  await expect(page.getByRole("complementary", { name: "Mode prévisualisation" })).toBeVisible();
  await hydrated(page);

  await page.evaluate(() => window.dispatchEvent(new Event("prismicPreviewEnd")));
  await expect(page.getByRole("complementary", { name: "Mode prévisualisation" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(live.data.title);
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("io.prismic.preview");
});
