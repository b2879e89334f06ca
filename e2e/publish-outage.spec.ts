import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { spawnContentServer, type ContentServer } from "@vifargent/content-api/spawn";

import { expect, test } from "./fixtures";
import { NGINX_PURGE_SECRET, reserveNginxPort, startNginx, type Nginx } from "../test-support/nginx";
import { startRedis, type RedisServer } from "../test-support/redis";
import { startFaultProxy, type Fault, type FaultProxy } from "./helpers/fault-proxy";
import { startSiteServer, waitFor, type SiteServer } from "./helpers/site-server";

/**
 * A publish never turns a page into an error: production servers read `npm run content:serve`
 * through a proxy that fails on demand. An editor publishes (the webhook), then the content service
 * goes down, answers 500s or times out before anyone visits again: every page type, in both
 * languages, still answers 200 with its last good content; once the service is back, the new
 * content is live without anyone visiting first (the publish's background renders retry), and a
 * publish is live on the first visit after those renders end. One instance on its own, then two
 * sharing Redis behind the shipped nginx.
 */

const SECRET = "publish-outage-secret";
const TIMEOUT_MS = 1500;

/** Every page type in both languages, a filtered list and the sitemap. */
const PAGES = [
  "/",
  "/en",
  "/works",
  "/en/works",
  "/works-completed",
  "/en/works-in-production",
  "/works?category=music-video",
  "/contact",
  "/en/contact",
  "/legals",
  "/en/legals",
  "/works/electrique",
  "/en/works/electric",
  "/sitemap.xml",
];

const WORK_FILE = "documents/project.electrique.fr-fr.json";
const SETTINGS_FILES = ["documents/settings.settings.fr-fr.json", "documents/settings.settings.en-gb.json"];

interface Answer {
  status: number;
  html: string;
}

async function get(url: string): Promise<Answer> {
  const response = await fetch(url, { redirect: "manual" });
  return { status: response.status, html: await response.text() };
}

function h1(html: string): string {
  return (/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "").replace(/<[^>]+>/g, "").trim();
}

/**
 * The URL a page says it is at, in the RSC payload of its HTML (`c`, the path and query split at
 * each "/"), where Next's client router and crawlers read it: the URL of the request that rendered
 * the stored copy.
 */
function shownUrl(html: string): string | undefined {
  const found = /\\"c\\":(\[[^\]]*\])/.exec(html);
  return found ? (JSON.parse(found[1].replace(/\\"/g, '"')) as string[]).join("/") : undefined;
}

/** The publish the batch's log line reports, once it is settled, as the instance that ran it logs it. */
const LIVE = /\[publish\] live in ([\d.]+) s: (\d+) page\(s\) rendered anew, (\d+) failed/;

interface Deployment {
  /** Where visitors' requests go (the instance, or nginx). */
  front: string;
  /** Where each instance can be asked directly. */
  instances: SiteServer[];
  contentDir: string;
  /** The content API's root (through the fault proxy). */
  contentApi: string;
  proxy: FaultProxy;
  stop(): Promise<void>;
}

async function startContent() {
  const contentDir = path.join(mkdtempSync(path.join(tmpdir(), "publish-content-")), "content");
  cpSync(path.resolve(__dirname, "../content"), contentDir, { recursive: true });
  const content: ContentServer = await spawnContentServer({ dir: contentDir });
  const proxy = await startFaultProxy(content.origin, TIMEOUT_MS + 1500);
  const env = {
    PRISMIC_ENDPOINT: `${proxy.origin}/api/v2`,
    PRISMIC_REQUEST_TIMEOUT_MS: String(TIMEOUT_MS),
    PRISMIC_WEBHOOK_SECRET: SECRET,
  };
  const stop = async () => {
    await proxy.close();
    await content.stop();
    rmSync(path.dirname(contentDir), { recursive: true, force: true });
  };
  return { contentDir, contentApi: env.PRISMIC_ENDPOINT, proxy, env, stop };
}

async function masterRef(deployment: Deployment): Promise<string> {
  const api = (await (await fetch(deployment.contentApi)).json()) as {
    refs: Array<{ isMasterRef?: boolean; ref: string }>;
  };
  return api.refs.find((ref) => ref.isMasterRef)?.ref ?? "";
}

/**
 * Edits a published document, as an editor's publish does; returns its id once the content service
 * serves the edit (it notices within a second; Prismic sends its webhook once a publish is live).
 */
async function editDocument(
  deployment: Deployment,
  file: string,
  edit: (data: Record<string, unknown>) => void,
) {
  const before = await masterRef(deployment);
  const full = path.join(deployment.contentDir, file);
  const document = JSON.parse(readFileSync(full, "utf8"));
  edit(document.data);
  writeFileSync(full, JSON.stringify(document));
  await waitFor(async () => (await masterRef(deployment)) !== before, 10_000, "the edit served");
  return document.id as string;
}

/** Sends Prismic's webhook for `documents` (through the front, as Prismic would) and returns when it was sent. */
async function publish(deployment: Deployment, documents: string[]) {
  const response = await fetch(`${deployment.front}/api/revalidate`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ type: "api-update", secret: SECRET, masterRef: "x", documents }),
  });
  expect(response.status).toBe(200);
}

/** Waits for the instance that took the webhook to report its batch settled; returns what it logged. */
async function live(deployment: Deployment, logStarts: number[], timeoutMs: number) {
  let found: RegExpExecArray | null = null;
  await waitFor(
    async () => {
      found =
        deployment.instances
          .map((instance, index) => LIVE.exec(instance.output().slice(logStarts[index])))
          .find((match) => match !== null) ?? null;
      return found !== null;
    },
    timeoutMs,
    "the publish's background renders settled",
  );
  const [, seconds, rendered, failed] = found as unknown as RegExpExecArray;
  return { seconds: Number(seconds), rendered: Number(rendered), failed: Number(failed) };
}

const logPositions = (deployment: Deployment) =>
  deployment.instances.map((instance) => instance.output().length);

/** Every page answered, at the front and on each instance, as `expectation` says. */
async function everyPage(deployment: Deployment, expectation: (pathname: string, answer: Answer) => void) {
  for (const origin of [deployment.front, ...deployment.instances.map((instance) => instance.origin)])
    for (const pathname of PAGES) expectation(pathname, await get(`${origin}${pathname}`));
}

function scenarios(start: () => Promise<Deployment>): () => Deployment {
  let deployment: Deployment;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    deployment = await start();
    // Every page rendered once with the service healthy.
    await everyPage(deployment, (pathname, answer) => expect(answer.status, pathname).toBe(200));
  });

  test.afterAll(async () => {
    await deployment?.stop();
  });

  // A failure's report carries what the instances logged.
  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status === testInfo.expectedStatus || !deployment) return;
    for (const [index, instance] of deployment.instances.entries())
      await testInfo.attach(`instance ${index + 1} log`, { body: instance.output().slice(-20_000) });
  });

  test("a publish is live on the first visit after its background renders end", async () => {
    test.setTimeout(120_000);
    const id = await editDocument(
      deployment,
      WORK_FILE,
      (data) => (data.title = "Électrique, version longue"),
    );
    const logs = logPositions(deployment);
    await publish(deployment, [id]);
    const batch = await live(deployment, logs, 60_000);
    console.log(`one work published: live in ${batch.seconds} s, ${batch.rendered} pages rendered anew`);
    expect(batch.failed).toBe(0);
    for (const origin of [deployment.front, ...deployment.instances.map((instance) => instance.origin)]) {
      const work = await get(`${origin}/works/electrique`);
      // Rendered before this visit: the first visit gets the new page, no stale copy first.
      expect(h1(work.html), origin).toBe("Électrique, version longue");
      const list = await get(`${origin}/works`);
      expect(list.html, origin).toContain("Électrique, version longue");
      // Each page the publish rendered says it is at its own public URL, never the app's path.
      for (const [pathname, answer] of [
        ["/works/electrique", work],
        ["/works", list],
        ["/works?category=music-video", await get(`${origin}/works?category=music-video`)],
        ["/", await get(`${origin}/`)],
      ] as const)
        expect(shownUrl(answer.html), `${origin}${pathname}`).toBe(pathname);
    }
  });

  for (const fault of ["down", "500", "slow"] as Array<Exclude<Fault, "none">>) {
    test(`published, then the content service ${fault}: every page keeps its last good content; back, the new one is live without a visit`, async () => {
      test.setTimeout(240_000);
      const before = h1((await get(`${deployment.front}/works/electrique`)).html);
      const title = `Électrique (${fault})`;
      const id = await editDocument(deployment, WORK_FILE, (data) => (data.title = title));
      const logs = logPositions(deployment);
      await publish(deployment, [id]);
      deployment.proxy.set(fault);
      // Twice each: the first visit of a marked page starts a render that fails; the next still has the page.
      for (let visit = 0; visit < 2; visit++)
        await everyPage(deployment, (pathname, answer) => {
          expect(answer.status, `${fault} ${pathname}`).toBe(200);
          expect(answer.html, `${fault} ${pathname}`).not.toContain(title);
        });
      expect(h1((await get(`${deployment.front}/works/electrique`)).html)).toBe(before);

      deployment.proxy.set("none");
      const batch = await live(deployment, logs, 120_000);
      expect(batch.failed).toBe(0);
      for (const origin of [deployment.front, ...deployment.instances.map((instance) => instance.origin)]) {
        const work = await get(`${origin}/works/electrique`);
        expect(h1(work.html), `${fault} ${origin}`).toBe(title);
      }
    });
  }

  test("the settings published (every page), then the service down: every page keeps its last good version; back, every page is new", async () => {
    test.setTimeout(300_000);
    const name = "Vif Argent Studio";
    const ids: string[] = [];
    for (const file of SETTINGS_FILES)
      ids.push(await editDocument(deployment, file, (data) => (data.company_name = name)));
    const logs = logPositions(deployment);
    const published = Date.now();
    await publish(deployment, ids);
    deployment.proxy.set("down");
    await everyPage(deployment, (pathname, answer) => {
      expect(answer.status, pathname).toBe(200);
      if (pathname !== "/sitemap.xml") expect(answer.html, pathname).toContain("Vif Argent Productions");
    });
    deployment.proxy.set("none");
    const batch = await live(deployment, logs, 240_000);
    console.log(
      `settings published: live in ${batch.seconds} s (${((Date.now() - published) / 1000).toFixed(1)} s with a ` +
        `${TIMEOUT_MS} ms outage check), ${batch.rendered} pages rendered anew`,
    );
    expect(batch.failed).toBe(0);
    await everyPage(deployment, (pathname, answer) => {
      expect(answer.status, pathname).toBe(200);
      if (pathname !== "/sitemap.xml") expect(answer.html, pathname).toContain(name);
    });
  });

  return () => deployment;
}

test.describe.configure({ mode: "serial" });

test.describe("one instance", () => {
  scenarios(async () => {
    const content = await startContent();
    const site = await startSiteServer(content.env, { ownBuild: true });
    return {
      front: site.origin,
      instances: [site],
      contentDir: content.contentDir,
      contentApi: content.contentApi,
      proxy: content.proxy,
      stop: async () => {
        await site.stop();
        await content.stop();
      },
    };
  });
});

test.describe("two instances sharing Redis behind nginx", () => {
  let redis: RedisServer;
  let nginx: Nginx;
  const deployment = scenarios(async () => {
    const content = await startContent();
    redis = await startRedis();
    const nginxPort = await reserveNginxPort();
    const env = {
      ...content.env,
      REDIS_URL: redis.url,
      PROXY_PURGE_URLS: `http://127.0.0.1:${nginxPort}/purge-all`,
      PROXY_PURGE_SECRET: NGINX_PURGE_SECRET,
    };
    const instances = await Promise.all([
      startSiteServer(env, { ownBuild: true }),
      startSiteServer(env, { ownBuild: true }),
    ]);
    nginx = await startNginx({
      upstreams: instances.map((site) => new URL(site.origin).host),
      port: nginxPort,
    });
    return {
      front: nginx.origin,
      instances,
      contentDir: content.contentDir,
      contentApi: content.contentApi,
      proxy: content.proxy,
      stop: async () => {
        await nginx.stop();
        await Promise.all(instances.map((site) => site.stop()));
        await redis.close();
        await content.stop();
      },
    };
  });

  test("Redis restarted empty: the first visit of a page gets it rendered fresh, or the build's page while the service is down", async () => {
    test.setTimeout(120_000);
    const { instances, proxy } = deployment();
    const [first] = instances;
    const title = "Mentions légales, republiées";
    const built = h1((await get(`${first.origin}/legals`)).html);
    const id = await editDocument(deployment(), "documents/legals_page.legals_page.fr-fr.json", (data) => {
      data.title = [{ type: "heading1", text: title, spans: [] }];
    });
    const logs = logPositions(deployment());
    await publish(deployment(), [id]);
    await live(deployment(), logs, 60_000);
    expect(h1((await get(`${first.origin}/legals`)).html)).toBe(title);

    await redis.stop();
    await redis.start();
    proxy.set("down");
    // The content service down: the build's page, seeded again, serves (a 200, never an error page),
    // and as stale, never as a fresh page: each visit asks for a render.
    let last = "";
    await waitFor(
      async () => {
        const response = await fetch(`${first.origin}/legals`);
        const html = await response.text();
        last = `${response.status} ${response.headers.get("x-nextjs-cache")} ${h1(html)}`;
        return last === `200 STALE ${built}`;
      },
      30_000,
      "the build's page seeded again",
    ).catch((error: Error) => {
      throw new Error(`${error.message} (last answer: ${last})`);
    });
    proxy.set("none");
    // The service back (and the renders that began during the outage ended: a visit joins a render
    // of its page already under way): the first visit of a seeded page gets it rendered fresh.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    for (const instance of instances) {
      const response = await fetch(`${instance.origin}/legals`);
      const html = await response.text();
      expect(h1(html), instance.origin).toBe(title);
      expect(response.headers.get("x-nextjs-cache"), instance.origin).not.toBe("STALE");
      expect(shownUrl(html), instance.origin).toBe("/legals");
    }
    // A page nobody visited since the restart, first visited by a client navigation: its first
    // visit too, and the page rendered for it says it is at its public URL.
    const untouched = await fetch(`${instances[1].origin}/works/hors-champ?_rsc=abc`, {
      headers: { rsc: "1" },
    });
    expect(untouched.status).toBe(200);
    expect(untouched.headers.get("x-nextjs-cache")).not.toBe("STALE");
    await untouched.arrayBuffer();
    expect(shownUrl((await get(`${instances[1].origin}/works/hors-champ`)).html)).toBe("/works/hors-champ");
  });
});
