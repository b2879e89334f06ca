import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { spawnContentServer, type ContentServer } from "@vifargent/content-api/spawn";

import { expect, test } from "./fixtures";
import { translation } from "./helpers/content";
import { startFaultProxy, type Fault, type FaultProxy } from "./helpers/fault-proxy";
import { startSiteServer, waitFor, type SiteServer } from "./helpers/site-server";

/**
 * The site under content outages: a production server reads `npm run content:serve`
 * through a proxy that fails on demand. Pages already rendered keep their last good
 * content with status 200; a page never rendered answers the error page as real
 * HTML with status 500, uncached;
 * each failure is logged once, in the site's words (Retry-After itself is covered
 * by bounded-fetch.test.ts); the site recovers by itself.
 */

const TIMEOUT_MS = 1500;
/** Longer than the ISR window (5 s): the next visit asks for a fresh render, which meets the fault. */
const STALE_AFTER_MS = 5500;

let content: ContentServer;
let contentDir: string;
let proxy: FaultProxy;
let site: SiteServer;

const rendered = ["/", "/works", "/works/electrique", "/en/works", "/contact", "/en/legals"];
/** Unique per run: servers share the build's page cache on disk, where an earlier run left its page. */
const NEW_UID = `jamais-vu-${Date.now().toString(36)}`;
const NEW_WORK = `/works/${NEW_UID}`;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  contentDir = path.join(mkdtempSync(path.join(tmpdir(), "faults-content-")), "content");
  cpSync(path.resolve(__dirname, "../content"), contentDir, { recursive: true });
  content = await spawnContentServer({ dir: contentDir });
  proxy = await startFaultProxy(content.origin, TIMEOUT_MS + 1500);
  site = await startSiteServer({
    PRISMIC_ENDPOINT: `${proxy.origin}/api/v2`,
    PRISMIC_REQUEST_TIMEOUT_MS: String(TIMEOUT_MS),
  });
});

test.afterAll(async () => {
  await site?.stop();
  await proxy?.close();
  await content?.stop();
  if (contentDir) rmSync(path.dirname(contentDir), { recursive: true, force: true });
});

async function get(pathname: string): Promise<{ status: number; html: string; cacheControl: string }> {
  const response = await fetch(`${site.origin}${pathname}`);
  const cacheControl = response.headers.get("cache-control") ?? "";
  return { status: response.status, html: await response.text(), cacheControl };
}

function h1(html: string): string | undefined {
  return /<h1[^>]*>([\s\S]*?)<\/h1>/
    .exec(html)?.[1]
    .replace(/<[^>]+>/g, "")
    .trim();
}

/** What each fault must leave in the server's log (lib/prismic/bounded-fetch.ts words it). */
const LOGGED: Record<Exclude<Fault, "none">, RegExp> = {
  down: /could not be reached/,
  "500": /Unexpected status code \[500\] on URL http:\/\/127\.0\.0\.1:\d+\/api\/v2/,
  "503": /Unexpected status code \[503\] on URL http:\/\/127\.0\.0\.1:\d+\/api\/v2/,
  "429": /Unexpected status code \[429\] on URL http:\/\/127\.0\.0\.1:\d+\/api\/v2/,
  slow: /http:\/\/127\.0\.0\.1:\d+\/api\/v2\S* response timeout/,
  malformed: /SyntaxError/,
};

test("rendered pages keep their content through every fault, new ones show the error page, and the site recovers", async () => {
  test.setTimeout(240_000);
  // Every page rendered once with the service healthy, through the proxy (after the build's copy goes stale).
  const good = new Map<string, string>();
  await new Promise((resolve) => setTimeout(resolve, STALE_AFTER_MS));
  for (const pathname of rendered) {
    await get(pathname);
    const { status, html } = await get(pathname);
    expect(status, pathname).toBe(200);
    good.set(pathname, h1(html)!);
    expect(good.get(pathname), pathname).toBeTruthy();
  }

  // Published after the build, never requested: its first render will meet the fault.
  const work = JSON.parse(
    readFileSync(path.join(contentDir, "documents/project.electrique.fr-fr.json"), "utf8"),
  );
  Object.assign(work, {
    id: "NeverSeen0000001",
    uid: NEW_UID,
    slugs: [NEW_UID],
    alternate_languages: [],
  });
  work.data.title = "Jamais vu";
  writeFileSync(path.join(contentDir, `documents/project.${NEW_UID}.fr-fr.json`), JSON.stringify(work));

  for (const fault of Object.keys(LOGGED) as Array<Exclude<Fault, "none">>) {
    proxy.set(fault);
    const logStart = site.output().length;
    await new Promise((resolve) => setTimeout(resolve, STALE_AFTER_MS));
    for (const pathname of rendered) {
      // The first visit serves the stale page and starts a render that fails; the next still has it.
      for (let visit = 0; visit < 2; visit++) {
        const { status, html } = await get(pathname);
        expect(status, `${fault} ${pathname}`).toBe(200);
        expect(h1(html), `${fault} ${pathname}`).toBe(good.get(pathname));
      }
    }
    const fresh = await get(NEW_WORK);
    // 500, never a 404 (the router does not take an outage for a missing work), nothing cached, and
    // never a blank page: the error page is in the server's HTML, in the page's language.
    expect(fresh.status, `${fault} ${NEW_WORK}`).toBe(500);
    expect(fresh.cacheControl, `${fault} ${NEW_WORK}`).toMatch(/no-store/);
    expect(fresh.html, `${fault} ${NEW_WORK}`).not.toContain("__next_error__");
    expect(fresh.html, `${fault} ${NEW_WORK}`).toMatch(/<html[^>]*lang="fr"/);
    expect(h1(fresh.html), `${fault} ${NEW_WORK}`).toBe(translation("fr", "errors.error_title"));
    expect(fresh.html, `${fault} ${NEW_WORK}`).toContain(
      `<title>${translation("fr", "errors.error_title")} — `,
    );
    expect(fresh.html, `${fault} ${NEW_WORK}`).toMatch(/<meta name="robots" content="noindex/);
    await waitFor(async () => LOGGED[fault].test(site.output().slice(logStart)), 10_000, `${fault} logged`);
  }

  // Back up: no restart, the new work renders and the pages are fresh again.
  proxy.set("none");
  await waitFor(async () => (await get(NEW_WORK)).status === 200, 15_000, "the new work after recovery");
  expect(h1((await get(NEW_WORK)).html)).toBe("Jamais vu");
  for (const pathname of [...rendered, NEW_WORK]) {
    const { status, html } = await get(pathname);
    expect(status, pathname).toBe(200);
    // Whole in the server's HTML: nothing held back behind a boundary for JavaScript to reveal.
    expect(html, pathname).not.toMatch(/<div hidden id="S:/);
  }
  // One line per failed content request; Next's stack dumps of the same failures are left out.
  expect(site.output()).not.toMatch(/^\s+at .+:\d+:\d+\)?( \{)?$/m);
});
