import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import fc from "fast-check";

import { startNginx, type Nginx } from "../test-support/nginx";
import { attackPieces } from "../test-support/redirect-attacks";
import { expect, test } from "./fixtures";
import { outsideQueryUse } from "../lib/routing/outside-paths.mjs";
import { rawRequest } from "./helpers/raw-request";
import { startSiteServer, waitFor, type SiteServer } from "./helpers/site-server";

/**
 * Redirects that editors manage, on a production server (`npm start`) reading a private
 * copy of the content, behind the shipped nginx configuration too: an old address answers a
 * redirect to the page that replaced it, with the visitor's query, in both languages, with or
 * without a trailing slash, at no render; a published change applies at once after the webhook and
 * within the content TTL without it; hostile rows never send anyone off the site.
 */
const SECRET = "editor-redirects-secret";
const DOCUMENT = "documents/redirects.redirects.fr-fr.json";
let server: SiteServer;
let nginx: Nginx;

test.beforeAll(async () => {
  server = await startSiteServer({ PRISMIC_WEBHOOK_SECRET: SECRET, TRUST_PROXY: "1" });
  nginx = await startNginx({ upstreams: [new URL(server.origin).host] });
});

test.afterAll(async () => {
  await nginx?.stop();
  await server?.stop();
});

type Row = { from: unknown; to_document?: object; to_path?: unknown; permanent?: boolean };

/** Rewrites the redirects document's rows, as an editor publishing it. */
function publishRows(edit: (rows: Row[]) => Row[]) {
  const file = path.join(server.contentDir, DOCUMENT);
  const doc = JSON.parse(readFileSync(file, "utf8"));
  doc.data.redirects = edit(doc.data.redirects);
  writeFileSync(file, JSON.stringify(doc, null, 2));
}

async function webhook() {
  const answer = await fetch(`${server.origin}/api/revalidate`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ type: "api-update", secret: SECRET }),
  });
  expect(answer.status).toBe(200);
}

const pathRow = (from: string, to: string, permanent = true): Row => ({
  from,
  to_document: { link_type: "Any" },
  to_path: to,
  permanent,
});

/** Whether the server logged a line whose message matches. */
function logged(pattern: RegExp): boolean {
  return server
    .output()
    .split("\n")
    .some((line) => {
      try {
        return pattern.test((JSON.parse(line) as { msg?: string }).msg ?? "");
      } catch {
        return false;
      }
    });
}

/** The sum of a metric's samples whose labels include `labels`. */
async function metric(name: string, labels: Record<string, string> = {}): Promise<number> {
  const text = (await rawRequest(server.origin, "/api/metrics")).body;
  let sum = 0;
  for (const line of text.split("\n")) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const sample = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => sample[key] === value)) sum += Number(match[3]);
  }
  return sum;
}

test("an old address answers a redirect to its page: status, same-site Location, query kept, both languages", async () => {
  const cases: Array<[string, number, string]> = [
    ["/works/courant-electrique", 308, "/works/electrique"],
    ["/works/courant-electrique?utm_source=news&page=2", 308, "/works/electrique?utm_source=news&page=2"],
    ["/en/works/electric-current?ref=mail", 308, "/en/works/electric?ref=mail"],
    ["/showreel", 308, "/works"],
    ["/SHOWREEL", 308, "/works"],
    ["/en/showreel?x=1&x=2", 308, "/en/works?x=1&x=2"],
    ["/recrutement?from=linkedin", 307, "/contact?from=linkedin"],
  ];
  for (const [sent, status, location] of cases) {
    const answer = await rawRequest(server.origin, sent);
    expect(answer.status, sent).toBe(status);
    expect(answer.headers.location, sent).toBe(location);
    expect(answer.headers["cache-control"], sent).toBe("no-store, max-age=0");
    expect(answer.headers["content-security-policy"], sent).toBeDefined();
    // No page: Next writes the Location as the body.
    expect(answer.body, sent).toBe(location);
  }
  // The router's internal headers are npm start's front's alone: a client's own are dropped.
  for (const [sent, location] of [
    ["/showreel", "/works"],
    ["/showreel?real=1", "/works?real=1"],
  ]) {
    const forged = await rawRequest(server.origin, sent, {
      headers: { "x-site-query": "forged=1", "x-site-path": "/elsewhere" },
    });
    expect(forged.headers.location, sent).toBe(location);
  }
  // Unknown paths and live pages are what they were.
  expect((await rawRequest(server.origin, "/showreel-2")).status).toBe(404);
  expect((await rawRequest(server.origin, "/works/electrique")).status).toBe(200);
});

test("with a trailing slash: the front's redirect to the one spelling first, keeping the query, then the editor's", async ({
  page,
}) => {
  const first = await rawRequest(server.origin, "/showreel/?ref=mail");
  expect(first.status).toBe(308);
  expect(first.headers.location).toBe("/showreel?ref=mail");
  const second = await rawRequest(server.origin, first.headers.location!);
  expect(second.status).toBe(308);
  expect(second.headers.location).toBe("/works?ref=mail");

  // A visitor's browser ends on the page, its query kept.
  await page.goto(`${server.origin}/en/works/electric-current/?utm_source=newsletter`);
  expect(page.url()).toBe(`${server.origin}/en/works/electric?utm_source=newsletter`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Electric");
});

test("a trailing-slash path is redirected to its one spelling with the visitor's query, which never reaches a page", async () => {
  const segment = fc.oneof(
    fc.stringMatching(/^[a-z0-9-]{1,12}$/),
    fc.constantFrom("works", "en", "electrique", "%2F", "a%20b", "_next", "api", "assets", ".b"),
    fc.constantFrom(".", "..", "%2e", "%2E%2e", ".%2e"),
  );
  const trailing = fc
    .array(segment, { minLength: 1, maxLength: 3 })
    .map((segments) => `/${segments.join("/")}/`);
  const sent = fc.sample(trailing, { numRuns: 200, seed: 25 });
  sent.push("/works/", "/en/works/electric/", "/contact/", "/works/../", "/en/./");
  for (const [i, pathname] of sent.entries()) {
    const query = `email=zq${i}x`;
    const target = `${pathname}?${query}`;
    const answer = await rawRequest(server.origin, target);
    // The front's redirect has no body; no page the visitor may then get holds the query.
    expect(answer.status, target).toBe(308);
    expect(answer.body, target).toBe("");
    const location = new URL(answer.headers.location ?? "", server.origin);
    expect(location.origin, target).toBe(server.origin);
    expect(location.pathname.endsWith("/") && location.pathname !== "/", target).toBe(false);
    // A file reads no query: its one URL has none.
    const fileQuery = outsideQueryUse(location.pathname) === "none";
    expect(location.search, target).toBe(fileQuery ? "" : `?${query}`);
    const landed = await rawRequest(server.origin, answer.headers.location!);
    if (landed.status !== 308) expect(landed.body, target).not.toContain(`zq${i}x`);
  }
});

test("a redirect costs no render and no cache lookup, unlike a 404", async () => {
  const ROUNDS = 60;
  // Warm: the table read, the 404 page rendered once.
  await rawRequest(server.origin, "/showreel");
  await rawRequest(server.origin, "/made-up-page");
  const time = async (url: string) => {
    const started = performance.now();
    for (let i = 0; i < ROUNDS; i++) await rawRequest(server.origin, `${url}?n=${i}`);
    return (performance.now() - started) / ROUNDS;
  };
  const lookups = await metric("site_isr_cache_total");
  const renders = await metric("site_render_duration_seconds_count");
  const counted = await metric("site_http_requests_total", { page_type: "redirect", status: "308" });
  const redirectMs = await time("/showreel");
  expect(await metric("site_isr_cache_total")).toBe(lookups);
  expect(await metric("site_render_duration_seconds_count")).toBe(renders);
  expect(await metric("site_http_requests_total", { page_type: "redirect", status: "308" })).toBe(
    counted + ROUNDS,
  );
  const notFoundMs = await time("/made-up-page");
  // Each 404 is the not-found page, looked up in the ISR cache.
  expect(await metric("site_isr_cache_total")).toBeGreaterThanOrEqual(lookups + ROUNDS);
  console.log(
    `redirect ${redirectMs.toFixed(2)} ms, 404 ${notFoundMs.toFixed(2)} ms (mean of ${ROUNDS} sequential requests)`,
  );
});

test("an editor publishes a redirect: at once with the webhook, within the TTL without it", async () => {
  test.setTimeout(60_000);
  expect((await rawRequest(server.origin, "/ancienne-page")).status).toBe(404);
  publishRows((rows) => [...rows, pathRow("/ancienne-page", "/legals")]);
  // No webhook: the repository notices the file within a second, the router's table within 5 s.
  const seconds = await waitFor(
    async () => (await rawRequest(server.origin, "/ancienne-page")).headers.location === "/legals",
    8_000,
    "the published redirect",
  );
  console.log(`redirect live after ${seconds.toFixed(1)} s without the webhook`);

  // A live page as "from" is refused with a log line, the rest applied; the webhook: at once.
  publishRows((rows) => [
    ...rows.filter((row) => row.from !== "/ancienne-page"),
    pathRow("/works/electrique", "/works"),
    pathRow("/autre-page", "/en/contact", false),
  ]);
  await webhook();
  const moved = await rawRequest(server.origin, "/autre-page");
  expect(moved.status).toBe(307);
  expect(moved.headers.location).toBe("/en/contact");
  expect((await rawRequest(server.origin, "/ancienne-page")).status).toBe(404);
  expect((await rawRequest(server.origin, "/works/electrique")).status).toBe(200);
  await waitFor(
    async () => logged(/^\[redirects\] row \d+ refused: "from" "\/works\/electrique" is a live page/),
    5_000,
    "the refused row's log line",
  );

  // A work renamed: its old uid is no longer a page, so its redirect applies.
  publishRows((rows) => [...rows, pathRow("/works/ondes-de-choc", "/works/electrique")]);
  await webhook();
  expect((await rawRequest(server.origin, "/works/ondes-de-choc")).status).toBe(200);
  const file = path.join(server.contentDir, "documents/project.ondes-de-choc.fr-fr.json");
  const work = JSON.parse(readFileSync(file, "utf8"));
  writeFileSync(file, JSON.stringify({ ...work, uid: "ondes-de-choc-2026", slugs: ["ondes-de-choc-2026"] }));
  await webhook();
  // The router's existence probe remembers the work 5 s (lib/routing/content-probe.ts).
  await waitFor(
    async () => (await rawRequest(server.origin, "/works/ondes-de-choc?ref=x")).status === 308,
    8_000,
    "the renamed work's redirect",
  );
  const renamed = await rawRequest(server.origin, "/works/ondes-de-choc?ref=x");
  expect(renamed.headers.location).toBe("/works/electrique?ref=x");
});

test("through nginx: a redirect is never stored, each visitor gets their own query", async () => {
  for (const query of ["utm_source=a", "utm_source=b", "utm_source=b", ""]) {
    const answer = await rawRequest(nginx.origin, `/works/courant-electrique${query ? `?${query}` : ""}`);
    expect(answer.status).toBe(308);
    expect(answer.headers.location).toBe(`/works/electrique${query ? `?${query}` : ""}`);
    // Looked up (MISS) when in the site's spelling, else not even that (BYPASS): never stored.
    expect(["MISS", "BYPASS"]).toContain(answer.headers["x-cache-status"]);
  }
  for (const query of ["x=1", "x=2"]) {
    const slash = await rawRequest(nginx.origin, `/showreel/?${query}`);
    expect(slash.status).toBe(308);
    expect(slash.headers.location).toBe(`/showreel?${query}`);
    const answer = await rawRequest(nginx.origin, slash.headers.location!);
    expect(answer.headers.location).toBe(`/works?${query}`);
  }
});

test("through nginx: a long query gets its redirect, never a 502 that would take the instance out of rotation", async () => {
  const lengths = fc.sample(fc.integer({ min: 1_100, max: 7_000 }), { numRuns: 6, seed: 25 });
  for (const length of lengths) {
    const query = `x=${"a".repeat(length)}`;
    // A query too long to keep is dropped first by the front (the path could be a work's), then
    // the editor's redirect applies: never a 502.
    const dropped = await rawRequest(nginx.origin, `/works/courant-electrique?${query}`);
    expect([dropped.status, dropped.headers.location], `${length}`).toEqual([
      308,
      "/works/courant-electrique",
    ]);
    const editor = await rawRequest(nginx.origin, dropped.headers.location!);
    expect(editor.status, `${length}`).toBe(308);
    expect(editor.headers.location).toBe("/works/electrique");
    // The front's redirect to the one spelling drops a query it cannot keep (a `page` no list has).
    const slash = await rawRequest(nginx.origin, `/works/?page=${"9".repeat(length)}`);
    expect(slash.status, `${length}`).toBe(308);
    expect(slash.headers.location).toBe(`/works`);
  }
  // A page nginx does not store (another parameter): an instance still answers it.
  const page = await rawRequest(nginx.origin, `/legals?after=long-queries`);
  expect(page.status).toBe(200);
});

test("generated hostile rows never produce a Location that leaves the site", async () => {
  test.setTimeout(120_000);
  const hostile = fc.oneof(
    attackPieces(8),
    attackPieces(6).map((joined) => `/${joined}`),
    fc.string({ unit: "grapheme", maxLength: 20 }),
    fc.webUrl({ withQueryParameters: true }),
  );
  // Hostile "from"s, and plain ones with hostile "to"s, so that both reach the router.
  const rows = [
    ...fc
      .sample(fc.tuple(hostile, hostile), { numRuns: 150, seed: 25 })
      .map(([from, to]) => pathRow(from, to)),
    ...fc.sample(hostile, { numRuns: 250, seed: 26 }).map((to, i) => pathRow(`/h-${i}`, to)),
    ...[
      "//evil.example",
      "/\\evil.example",
      "/.//evil.example",
      "/%2F%2Fevil.example",
      "javascript:alert(1)",
    ].map((to, i) => pathRow(`/known-${i}`, to)),
  ];
  publishRows(() => rows);
  await webhook();
  const origin = server.origin;
  const from = `${origin}/en/works/some-work`;
  let redirects = 0;
  for (const row of rows) {
    const raw = String(row.from);
    // As a browser would send it: what HTTP cannot carry raw is encoded.
    const sent = raw.startsWith("/")
      ? raw.replace(/[^\x21-\x7e]|#/gu, (c) => encodeURIComponent(c))
      : `/${encodeURIComponent(raw)}`;
    for (const query of ["", "?next=//evil.example&x=%2F%2F"]) {
      const answer = await rawRequest(origin, `${sent}${query}`);
      expect(answer.status, sent).toBeLessThan(500);
      if (answer.status < 300 || answer.status >= 400) continue;
      redirects++;
      const location = answer.headers.location ?? "";
      expect(new URL(location, from).origin, `${sent} → ${location}`).toBe(origin);
      expect(location, sent).toMatch(/^\/(?![/\\])/);
    }
  }
  // The generator reaches accepted rows (plain "from"s with targets that stay), not only refusals.
  expect(redirects).toBeGreaterThan(50);
});
