import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { spawnContentServer, type ContentServer } from "@vifargent/content-api/spawn";

import { expect, test } from "./fixtures";
import { NGINX_PURGE_SECRET, reserveNginxPort, startNginx, type Nginx } from "../test-support/nginx";
import { startRedis, type RedisServer } from "../test-support/redis";
import { publishWatch, startSiteServer, waitFor, type SiteServer } from "./helpers/site-server";

/**
 * Several instances as an operator runs them (deploy/README.md): Debian's
 * redis-server shared by two production servers, each from its own copy of the
 * build (nothing else shared, as on two machines), reading one content service,
 * behind Debian's nginx with deploy/nginx/site.conf.
 */

const SECRET = "scale-out-secret";
/** Longer than the ISR window (5 s). */
const ISR_WINDOW_MS = 5_000;

let content: ContentServer;
let contentDir: string;
/** The consent store both instances write into, as an operator's shared folder. */
let consentDir: string;
let redis: RedisServer;
let a: SiteServer;
let b: SiteServer;
let nginx: Nginx;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  contentDir = path.join(mkdtempSync(path.join(tmpdir(), "scale-out-content-")), "content");
  cpSync(path.resolve(__dirname, "../content"), contentDir, { recursive: true });
  content = await spawnContentServer({ dir: contentDir });
  redis = await startRedis();
  const nginxPort = await reserveNginxPort();
  consentDir = mkdtempSync(path.join(tmpdir(), "scale-out-consent-"));
  const env = {
    CONSENT_STORE_DIR: consentDir,
    // Every post here comes from one address, counted by both instances through Redis.
    CONSENT_RATE_LIMIT: "1000/600",
    PROXY_PURGE_URLS: `http://127.0.0.1:${nginxPort}/purge-all`,
    PROXY_PURGE_SECRET: NGINX_PURGE_SECRET,
    PRISMIC_ENDPOINT: content.endpoint,
    PRISMIC_WEBHOOK_SECRET: SECRET,
    REDIS_URL: redis.url,
    HEALTH_CONTENT_GRACE_SECONDS: "2",
  };
  [a, b] = await Promise.all([
    startSiteServer(env, { ownBuild: true }),
    startSiteServer(env, { ownBuild: true }),
  ]);
  nginx = await startNginx({
    upstreams: [a.origin, b.origin].map((origin) => new URL(origin).host),
    port: nginxPort,
  });
});

test.afterAll(async () => {
  await nginx?.stop();
  await Promise.all([a?.stop(), b?.stop()]);
  await redis?.close();
  await content?.stop();
  if (contentDir) rmSync(path.dirname(contentDir), { recursive: true, force: true });
  if (consentDir) rmSync(consentDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  html: string;
  headers: Headers;
}

async function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(url, { headers, redirect: "manual" });
  return { status: response.status, html: await response.text(), headers: response.headers };
}

function h1(html: string): string {
  return (/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "").replace(/<[^>]+>/g, "").trim();
}

const readDoc = (file: string) => JSON.parse(readFileSync(path.join(contentDir, file), "utf8"));
const writeDoc = (file: string, doc: { id: string }) =>
  writeFileSync(path.join(contentDir, file), JSON.stringify(doc));

/** Publishes a new French work; returns its document id. */
function publishWork(uid: string, title: string): string {
  const work = readDoc("documents/project.electrique.fr-fr.json");
  const id = `Scale${Date.now().toString(36)}`.padEnd(16, "0");
  Object.assign(work, { id, uid, slugs: [uid], alternate_languages: [] });
  work.data.title = title;
  writeDoc(`documents/project.${uid}.fr-fr.json`, work);
  return id;
}

/** Edits a document's title; returns its id. */
function editTitle(file: string, title: string): string {
  const doc = readDoc(file);
  doc.data.title = title;
  writeDoc(file, doc);
  return doc.id;
}

/**
 * Waits until the content service itself serves the document as `serves` says, by default with
 * `title` (it re-reads files every second).
 */
async function contentServes(
  id: string,
  title: string,
  serves: (data: Record<string, unknown>) => boolean = (data) => data.title === title,
) {
  await waitFor(
    async () => {
      const api = await (await fetch(content.endpoint)).json();
      const master = api.refs.find((ref: { isMasterRef: boolean }) => ref.isMasterRef).ref;
      const search = new URL(`${content.endpoint}/documents/search`);
      search.searchParams.set("ref", master);
      search.searchParams.set("q", `[[at(document.id, "${id}")]]`);
      const { results } = await (await fetch(search)).json();
      return results[0] !== undefined && serves(results[0].data);
    },
    10_000,
    `the content service serving "${title}"`,
  );
}

/** Prismic's webhook, naming the published documents when given. */
async function webhook(origin: string, documents?: string[]) {
  const response = await fetch(`${origin}/api/revalidate`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ type: "api-update", secret: SECRET, ...(documents ? { documents } : {}) }),
  });
  expect(response.status).toBe(200);
}

/** The headers the site sends for its security, which nginx must pass through untouched. */
const SECURITY_HEADERS = [
  "content-security-policy",
  "strict-transport-security",
  "x-content-type-options",
  "referrer-policy",
  "permissions-policy",
  "cross-origin-opener-policy",
];

test("through nginx, a visitor's second request is a proxy cache hit, with the site's headers, compressed", async () => {
  // As browsers ask: the copy stored gzip-compressed (by the instance) is served as it is.
  const browser = { "accept-encoding": "gzip, deflate, br, zstd" };
  const first = await get(`${nginx.origin}/en/legals`, browser);
  expect(first.status).toBe(200);
  expect(first.headers.get("x-cache-status")).toMatch(/^(MISS|EXPIRED|STALE|UPDATING)$/);
  const second = await get(`${nginx.origin}/en/legals`, browser);
  expect(second.headers.get("x-cache-status")).toBe("HIT");
  expect(second.headers.get("content-encoding")).toBe("gzip");
  expect(h1(second.html)).toBe(h1(first.html));
  // However the header is spelled, one stored copy per choice; a client refusing gzip gets its own.
  for (const [accept, encoding] of [
    ["GZIP", "gzip"],
    ["br;q=1, gzip;q=0.5", "gzip"],
    ["*", "gzip"],
    ["identity", null],
    ["gzip;q=0, br", null],
  ] as const) {
    const answers = [await get(`${nginx.origin}/en/legals`, { "accept-encoding": accept })];
    answers.push(await get(`${nginx.origin}/en/legals`, { "accept-encoding": accept }));
    expect(answers[1].headers.get("x-cache-status"), accept).toBe("HIT");
    for (const answer of answers) {
      expect(answer.headers.get("content-encoding"), accept).toBe(encoding);
      expect(h1(answer.html), accept).toBe(h1(first.html));
    }
  }

  const direct = await get(`${a.origin}/en/legals`);
  for (const name of SECURITY_HEADERS) {
    expect(second.headers.get(name), name).toBeTruthy();
    expect(second.headers.get(name), name).toBe(direct.headers.get(name));
  }
  expect(second.headers.get("server")).toBe("nginx");
  expect(second.headers.get("x-powered-by")).toBeNull();
});

test("a work published after the build and rendered by one instance is a cache hit on the other", async () => {
  const uid = `partage-${Date.now().toString(36)}`;
  await contentServes(publishWork(uid, "Rendu une seule fois"), "Rendu une seule fois");

  const first = await get(`${a.origin}/works/${uid}`);
  expect(first.status).toBe(200);
  expect(h1(first.html)).toBe("Rendu une seule fois");
  expect(first.headers.get("x-nextjs-cache")).not.toBe("HIT");

  const second = await get(`${b.origin}/works/${uid}`);
  expect(second.status).toBe(200);
  expect(second.headers.get("x-nextjs-cache")).toBe("HIT");
  expect(h1(second.html)).toBe("Rendu une seule fois");
});

test("after an edit, the webhook sent to one instance makes the other serve the new content before its own window would", async () => {
  const file = "documents/project.electrique.fr-fr.json";
  // B renders the page now (the publish marked it stale, or its first visit renders the build's
  // copy anew), so its own ISR window would keep the old content for 5 s more.
  const id = readDoc(file).id as string;
  const live = publishWatch(a);
  await webhook(a.origin, [id]);
  const rendered = await get(`${b.origin}/works/electrique`);
  const renderedAt = Date.now();
  expect(rendered.status).toBe(200);
  const before = h1(rendered.html);

  await contentServes(editTitle(file, "Électrique, partout à la fois"), "Électrique, partout à la fois");
  expect(h1((await get(`${b.origin}/works/electrique`)).html)).toBe(before);

  await webhook(a.origin, [id]);
  // B reads A's stale mark through Redis: it serves its page once more while rendering the new one
  // (a publish never turns a page into an error), then the new one.
  const seconds = await waitFor(
    async () => h1((await get(`${b.origin}/works/electrique`)).html) === "Électrique, partout à la fois",
    Math.max(0, renderedAt + ISR_WINDOW_MS - Date.now()),
    "the edit on instance B",
  );
  // Seen before B's own window could have shown it: the revalidation on A reached B through Redis.
  expect(Date.now() - renderedAt).toBeLessThan(ISR_WINDOW_MS);
  console.log(`edit on B ${seconds.toFixed(2)} s after the webhook on A`);
  // Both publishes' background renders and purges end within this test: a purge landing in a
  // later one would empty nginx between two of its requests.
  await live({ publishes: 2 });
});

test("through nginx, HTML and RSC answers at one URL never mix: RSC answers are never stored", async () => {
  const page = `${nginx.origin}/en/works-completed`;
  for (let round = 0; round < 2; round++) {
    const rsc = await get(`${page}?_rsc`, { rsc: "1" });
    expect(rsc.status).toBe(200);
    expect(rsc.headers.get("content-type")).toMatch(/^text\/x-component/);
    expect(rsc.html).not.toContain("<html");
    expect(rsc.headers.get("x-cache-status")).toBe("BYPASS");
    const html = await get(page);
    expect(html.status).toBe(200);
    expect(html.headers.get("content-type")).toMatch(/^text\/html/);
    expect(html.html).toContain("<html");
    if (round === 1) expect(html.headers.get("x-cache-status")).toBe("HIT");
    // The RSC address asked for as a page is sent to the page's one URL, never given data.
    const asPage = await get(`${page}?_rsc`);
    expect([asPage.status, asPage.headers.get("location")]).toEqual([308, "/en/works-completed"]);
  }
});

test("through nginx, editors in a draft-mode session are never served from the cache nor stored", async () => {
  // The instances run copies of this build: its preview id opens a session on each.
  const { previewModeId } = JSON.parse(
    readFileSync(path.resolve(__dirname, "../.next/server/preview-props.json"), "utf8"),
  ) as { previewModeId: string };
  for (const [pathname, cookie] of [
    [
      "/en/contact",
      `__prerender_bypass=${previewModeId}; io.prismic.preview=%7B%22vif-argent.prismic.io%22%3A%7B%7D%7D`,
    ],
    ["/works-in-production", `theme=dark; __prerender_bypass=${previewModeId}`],
  ]) {
    for (let visit = 0; visit < 2; visit++) {
      const editor = await get(`${nginx.origin}${pathname}`, { cookie });
      expect(editor.headers.get("x-cache-status"), `${pathname} ${cookie}`).toBe("BYPASS");
    }
    // Nothing the editors got was stored: the first visitor's request goes to an instance.
    const visitor = await get(`${nginx.origin}${pathname}`);
    expect(visitor.headers.get("x-cache-status"), pathname).not.toBe("HIT");
    expect((await get(`${nginx.origin}${pathname}`)).headers.get("x-cache-status"), pathname).toBe("HIT");
  }
});

test("through nginx, the contact form's posts and the API reach an instance, uncached", async () => {
  const health = await get(`${nginx.origin}/api/health`);
  expect(health.status).toBe(200);
  expect(health.headers.get("x-cache-status")).toBeNull();
  const post = await fetch(`${nginx.origin}/contact`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "name=x",
    redirect: "manual",
  });
  await post.text();
  expect(post.headers.get("x-cache-status") ?? "").not.toMatch(/HIT|STALE/);
  expect(post.status).toBeLessThan(500);
});

test("a publish through nginx: the page is rendered anew, then the proxy purged, and the next visitor gets the new content", async () => {
  const file = "documents/project.la-fabrique-du-mouvement.fr-fr.json";
  const page = `${nginx.origin}/works/la-fabrique-du-mouvement`;
  await get(page);
  const cached = await get(page);
  expect(cached.headers.get("x-cache-status")).toBe("HIT");

  const id = editTitle(file, "La fabrique, publiée partout");
  await contentServes(id, "La fabrique, publiée partout");
  expect(h1((await get(page)).html)).toBe(h1(cached.html));
  const live = publishWatch(a, b);
  const sent = Date.now();
  await webhook(nginx.origin, [id]);
  // Until its successor has rendered, visitors keep the stored page; then nginx is purged.
  await live({ timeoutMs: 10_000 });
  const first = await get(page);
  expect(h1(first.html)).toBe("La fabrique, publiée partout");
  // Purged, not expired: the first visit after the publish asked an instance.
  expect(first.headers.get("x-cache-status")).toBe("MISS");
  console.log(`edit through nginx ${((Date.now() - sent) / 1000).toFixed(2)} s after the webhook`);
});

test("two instances record consents into one store, each in its own file, and nothing is lost", async () => {
  // The notice version a page is rendered with, as the browser reads it from the page.
  const version = /version\\?":\\?"([0-9a-f]{16})/.exec((await get(`${a.origin}/`)).html)?.[1];
  expect(version).toMatch(/^[0-9a-f]{16}$/);
  const record = (i: number) => ({
    consentId: `Scale${String(i).padStart(17, "0")}`,
    version,
    kind: i % 2 === 0 ? "accept_all" : "refuse_all",
    lang: i % 3 === 0 ? "en" : "fr",
    choices: { necessary: true, analytics: i % 2 === 0, youtube: i % 2 === 0, vimeo: i % 2 === 0 },
    choiceAt: Date.now() - 1000,
  });
  const post = (origin: string, i: number) =>
    fetch(`${origin}/api/consent`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(record(i)),
    });
  // Forty at once, half to each instance, and one through nginx (which holds posts to its own limit).
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) => post(i % 2 === 0 ? a.origin : b.origin, i)),
  );
  answers.push(await post(nginx.origin, 40));
  const statuses = await Promise.all(
    answers.map(async (answer) => (answer.status === 201 ? 201 : `${answer.status} ${await answer.text()}`)),
  );
  expect(statuses).toEqual(Array(41).fill(201));
  const recorded = 41;
  const day = new Date().toISOString().slice(0, 10);
  const files = readdirSync(path.join(consentDir, "records", day));
  // One file per instance: two writers, never one file shared.
  expect(files).toHaveLength(2);
  const lines = files.flatMap((file) =>
    readFileSync(path.join(consentDir, "records", day, file), "utf8")
      .trimEnd()
      .split("\n"),
  );
  expect(lines).toHaveLength(recorded);
  const ids = lines.map((line) => (JSON.parse(line) as { consentId: string }).consentId);
  expect(new Set(ids).size).toBe(recorded);
  // And one version file, written once whichever instance rendered or was asked first.
  expect(readdirSync(path.join(consentDir, "versions"))).toEqual([`${version}.json`]);
});

test("an editor's new wording of the notice is a new version, kept beside the first with both versions' words", async () => {
  // A translations document is on every page: the publish renders them all anew.
  test.setTimeout(180_000);
  const file = "documents/translations.translations.fr-fr.json";
  const doc = readDoc(file);
  const before = doc.data.consent[0].notice as string;
  const after = `${before} Vous pouvez aussi nous écrire.`;
  const versionOf = async () => /version\\?":\\?"([0-9a-f]{16})/.exec((await get(`${a.origin}/`)).html)?.[1];
  const first = await versionOf();
  doc.data.consent[0].notice = after;
  writeDoc(file, doc);
  await contentServes(
    doc.id,
    "the new notice",
    (data) => (data.consent as Array<{ notice: string }>)[0].notice === after,
  );
  // Its purge must not land in a later test.
  const live = publishWatch(a);
  await webhook(a.origin, [doc.id]);
  let second: string | undefined;
  await waitFor(
    async () => {
      second = await versionOf();
      return second !== first;
    },
    90_000,
    "the page rendered with the new notice",
  );
  const kept = (id: string | undefined) =>
    JSON.parse(readFileSync(path.join(consentDir, "versions", `${id}.json`), "utf8")) as {
      firstShown: string;
      words: Record<string, { labels: Record<string, string> }>;
    };
  expect(readdirSync(path.join(consentDir, "versions")).sort()).toEqual(
    [`${first}.json`, `${second}.json`].sort(),
  );
  expect(kept(first).words.fr.labels["consent.notice"]).toBe(before);
  expect(kept(second).words.fr.labels["consent.notice"]).toBe(after);
  expect(kept(second).words.en).toEqual(kept(first).words.en);
  expect(Date.parse(kept(second).firstShown)).toBeGreaterThan(Date.parse(kept(first).firstShown));
  await live({ timeoutMs: 90_000 });
});

test("health: the build id, the content source and Redis answering", async () => {
  const buildId = readFileSync(path.resolve(__dirname, "../.next/BUILD_ID"), "utf8").trim();
  for (const site of [a, b]) {
    const response = await get(`${site.origin}/api/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/no-store/);
    expect(JSON.parse(response.html)).toEqual({
      status: "ok",
      buildId,
      content: { source: "remote", reachable: true, unreachableForSeconds: 0 },
      sharedCache: { configured: true, reachable: true },
    });
    expect(response.html).not.toContain(content.endpoint);
  }
});

test("with Redis stopped, pages keep serving; the outage is logged once, and the cache is picked up again", async () => {
  test.setTimeout(60_000);
  const pages = ["/", "/works", "/works/electrique", "/en/works", "/contact", "/en/legals"];
  await redis.stop();
  for (let round = 0; round < 3; round++) {
    for (const site of [a, b, { origin: nginx.origin }]) {
      for (const pathname of pages) {
        const answer = await get(`${site.origin}${pathname}`);
        expect(answer.status, `${site.origin}${pathname}`).toBe(200);
        expect(h1(answer.html), `${site.origin}${pathname}`).not.toBe("");
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  for (const site of [a, b]) {
    expect(site.output().match(/\[cache\] Redis unavailable/g)).toHaveLength(1);
    expect(site.output()).not.toMatch(/\[cache\] Redis still unavailable/);
    const health = await get(`${site.origin}/api/health`);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.html)).toMatchObject({
      status: "degraded",
      sharedCache: { configured: true, reachable: false },
    });
  }

  await redis.start();
  for (const site of [a, b]) {
    await waitFor(
      async () => site.output().includes("[cache] Redis reachable again"),
      10_000,
      "the reconnection",
    );
    await waitFor(
      async () => JSON.parse((await get(`${site.origin}/api/health`)).html).status === "ok",
      5_000,
      "health back to ok",
    );
  }
  // The build's pages are written back: a page rendered by nobody since is a hit again.
  await waitFor(
    async () => (await get(`${b.origin}/en/legals`)).headers.get("x-nextjs-cache") !== "MISS",
    10_000,
    "the build's pages back in Redis",
  );
});

test("health answers 503 once the content source has been unreachable for longer than the threshold", async () => {
  test.setTimeout(30_000);
  // A page rendered and cached now, after the publishes above, then the content service goes away.
  await waitFor(
    async () => (await get(`${a.origin}/en/legals`)).headers.get("x-nextjs-cache") === "HIT",
    5_000,
    "/en/legals cached",
  );
  const renderedAt = Date.now();
  await content.stop();
  // Past the period a health report is reused for (1.5 s: a flood probes once per period).
  await new Promise((resolve) => setTimeout(resolve, 1_600));
  const first = await get(`${a.origin}/api/health`);
  expect(first.status).toBe(200);
  expect(JSON.parse(first.html)).toMatchObject({ status: "degraded", content: { reachable: false } });
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  const later = await get(`${a.origin}/api/health`);
  expect(later.status).toBe(503);
  expect(JSON.parse(later.html)).toMatchObject({ status: "failing", content: { reachable: false } });
  expect(later.html).not.toMatch(/at \S+ \(|Error:/);
  // A page rendered before is still served after its ISR window, while its regeneration fails.
  await new Promise((resolve) =>
    setTimeout(resolve, Math.max(0, renderedAt + ISR_WINDOW_MS + 500 - Date.now())),
  );
  for (let visit = 0; visit < 2; visit++) {
    const page = await get(`${a.origin}/en/legals`);
    expect(page.status).toBe(200);
    expect(h1(page.html)).not.toBe("");
  }
});

test("nginx serves the cached pages, stale, while every instance is down", async () => {
  await Promise.all([a.process, b.process].map((child) => child.kill("SIGKILL")));
  await new Promise((resolve) => setTimeout(resolve, ISR_WINDOW_MS));
  const stale = await get(`${nginx.origin}/en/legals`);
  expect(stale.status).toBe(200);
  expect(stale.headers.get("x-cache-status")).toBe("STALE");
  expect(h1(stale.html)).not.toBe("");
});
