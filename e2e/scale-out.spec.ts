import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { startContentServer, type ContentServer } from "../__tests__/helpers/content-server";
import { expect, test } from "./fixtures";
import { startNginx, type Nginx } from "./helpers/nginx";
import { startRedis, type RedisServer } from "./helpers/redis";
import { startSiteServer, waitFor, type SiteServer } from "./helpers/site-server";

/**
 * Several instances as an operator runs them (README "Deploying"): Debian's
 * redis-server shared by two production servers, each from its own copy of the
 * build (nothing else shared, as on two machines), reading one content service,
 * behind Debian's nginx with deploy/nginx/site.conf.
 */

const SECRET = "scale-out-secret";
/** Longer than the ISR window (5 s). */
const ISR_WINDOW_MS = 5_000;

let content: ContentServer;
let contentDir: string;
let redis: RedisServer;
let a: SiteServer;
let b: SiteServer;
let nginx: Nginx;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  contentDir = path.join(mkdtempSync(path.join(tmpdir(), "scale-out-content-")), "content");
  cpSync(path.resolve(__dirname, "../content"), contentDir, { recursive: true });
  content = await startContentServer({ CONTENT_DIR: contentDir });
  redis = await startRedis();
  const env = {
    PRISMIC_ENDPOINT: content.endpoint,
    PRISMIC_WEBHOOK_SECRET: SECRET,
    REDIS_URL: redis.url,
    HEALTH_CONTENT_GRACE_SECONDS: "2",
  };
  [a, b] = await Promise.all([
    startSiteServer(env, { ownBuild: true }),
    startSiteServer(env, { ownBuild: true }),
  ]);
  nginx = await startNginx({ upstreams: [a.origin, b.origin].map((origin) => new URL(origin).host) });
});

test.afterAll(async () => {
  await nginx?.stop();
  await Promise.all([a?.stop(), b?.stop()]);
  await redis?.close();
  await content?.stop();
  if (contentDir) rmSync(path.dirname(contentDir), { recursive: true, force: true });
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
const writeDoc = (file: string, doc: { id: string }) => writeFileSync(path.join(contentDir, file), JSON.stringify(doc));

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

/** Waits until the content service itself serves `title` for the document (it re-reads files every second). */
async function contentServes(id: string, title: string) {
  await waitFor(
    async () => {
      const api = await (await fetch(content.endpoint)).json();
      const master = api.refs.find((ref: { isMasterRef: boolean }) => ref.isMasterRef).ref;
      const search = new URL(`${content.endpoint}/documents/search`);
      search.searchParams.set("ref", master);
      search.searchParams.set("q", `[[at(document.id, "${id}")]]`);
      const { results } = await (await fetch(search)).json();
      return results[0]?.data.title === title;
    },
    10_000,
    `the content service serving "${title}"`,
  );
}

async function webhook(origin: string) {
  const response = await fetch(`${origin}/api/revalidate`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ type: "api-update", secret: SECRET }),
  });
  expect(response.status).toBe(200);
}

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

test("after an edit, the webhook sent to one instance makes the other serve the new content within a second", async () => {
  const file = "documents/project.electrique.fr-fr.json";
  // B renders the page now, so its own ISR window would keep the old content for 5 s more.
  await webhook(a.origin);
  const rendered = await get(`${b.origin}/works/electrique`);
  const renderedAt = Date.now();
  expect(rendered.headers.get("x-nextjs-cache")).not.toBe("HIT");
  const before = h1(rendered.html);

  await contentServes(editTitle(file, "Électrique, partout à la fois"), "Électrique, partout à la fois");
  expect(h1((await get(`${b.origin}/works/electrique`)).html)).toBe(before);

  await webhook(a.origin);
  const seconds = await waitFor(
    async () => h1((await get(`${b.origin}/works/electrique`)).html) === "Électrique, partout à la fois",
    1_000,
    "the edit on instance B",
  );
  // Seen before B's own window could have shown it: the revalidation on A reached B through Redis.
  expect(Date.now() - renderedAt).toBeLessThan(ISR_WINDOW_MS);
  console.log(`edit on B ${seconds.toFixed(2)} s after the webhook on A`);
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
    await waitFor(async () => site.output().includes("[cache] Redis reachable again"), 10_000, "the reconnection");
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
  await content.stop();
  const first = await get(`${a.origin}/api/health`);
  expect(first.status).toBe(200);
  expect(JSON.parse(first.html)).toMatchObject({ status: "degraded", content: { reachable: false } });
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  const later = await get(`${a.origin}/api/health`);
  expect(later.status).toBe(503);
  expect(JSON.parse(later.html)).toMatchObject({ status: "failing", content: { reachable: false } });
  expect(later.html).not.toMatch(/at \S+ \(|Error:/);
  // Pages already rendered are still served.
  expect((await get(`${a.origin}/works`)).status).toBe(200);
});
