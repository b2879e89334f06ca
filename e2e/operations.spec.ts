import { spawnSync } from "node:child_process";
import path from "node:path";

import { startNginx, type Nginx } from "../test-support/nginx";
import { startPrometheus, type Prometheus } from "../test-support/prometheus";
import { expect, test } from "./fixtures";
import { pages } from "./helpers/content";
import { rawRequest } from "./helpers/raw-request";
import { startSiteServer, type SiteServer } from "./helpers/site-server";

/**
 * What an operator runs: two production instances behind the shipped nginx, scraped by
 * Debian's Prometheus with the shipped deploy/prometheus/ config and alert rules. Both targets up,
 * request counters equal to the traffic each instance was sent, histograms with observations; the
 * metrics private; one request id per request, from nginx's access log to every line the
 * instance logs for it and back in the answer.
 */

const TOKEN = "e2e-metrics-token-0123456789abcdef";

let sites: SiteServer[] = [];
let nginx: Nginx;
let prometheus: Prometheus;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sites = await Promise.all(
    [0, 1].map(() => startSiteServer({ TRUST_PROXY: "1", METRICS_TOKEN: TOKEN, ACCESS_LOG: "on" })),
  );
  nginx = await startNginx({ upstreams: sites.map((site) => new URL(site.origin).host) });
  prometheus = await startPrometheus({
    targets: sites.map((site) => new URL(site.origin).host),
    token: TOKEN,
  });
});

test.afterAll(async () => {
  await prometheus?.stop();
  await nginx?.stop();
  await Promise.all(sites.map((site) => site.stop()));
});

/** Polls a query until `accept` takes its result (Prometheus scrapes every second here). */
async function until<T>(read: () => Promise<T>, accept: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  let last = await read();
  while (!accept(last)) {
    if (Date.now() > deadline)
      throw new Error(`${what}: still ${JSON.stringify(last)}\n${prometheus.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    last = await read();
  }
  return last;
}

const sameCounts = (a: Record<string, number>, b: Record<string, number>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

const byInstance = (result: Awaited<ReturnType<Prometheus["query"]>>) =>
  Object.fromEntries(result.map((sample) => [sample.metric.instance, Number(sample.value[1])]));

test("the shipped alert rules and scrape config pass promtool", () => {
  const rules = spawnSync(
    "promtool",
    ["check", "rules", path.resolve(__dirname, "../deploy/prometheus/alerts.yml")],
    {
      encoding: "utf8",
    },
  );
  expect(rules.status, rules.stdout + rules.stderr).toBe(0);
  expect(rules.stdout).toContain("SUCCESS: 8 rules found");
});

test("Prometheus scrapes both instances: up, counters equal to the traffic sent, histograms observed", async () => {
  test.setTimeout(90_000);
  const [first, second] = sites;
  const targets = sites.map((site) => new URL(site.origin).host);
  await until(
    async () => byInstance(await prometheus.query('up{job="site"}')),
    (up) => targets.every((target) => up[target] === 1),
    "both targets up",
  );
  // Distinct traffic per instance, straight to each (through nginx the cache would answer most).
  const sent = new Map([
    [first, { "/legals": 7, "/en/works": 3, "/made-up-page": 2 }],
    [second, { "/legals": 4, "/en/works": 5, "/made-up-page": 1 }],
  ]);
  for (const [site, paths] of sent)
    for (const [page, count] of Object.entries(paths))
      for (let i = 0; i < count; i++) await rawRequest(site.origin, page);
  const expected = (page: string) =>
    Object.fromEntries(sites.map((site, index) => [targets[index], sent.get(site)![page as "/legals"]]));
  const counted = async (query: string) => byInstance(await prometheus.query(query));
  // Each target is scraped on its own schedule: wait for a scrape of each after all its traffic.
  const kinds = {
    "/legals": 'site_http_requests_total{page_type="legals_page",status="200"}',
    "/en/works": 'site_http_requests_total{page_type="works_page",status="200"}',
    "/made-up-page": 'site_http_requests_total{page_type="not_found",status="404"}',
  };
  const countsOf = async () =>
    Object.fromEntries(
      await Promise.all(Object.entries(kinds).map(async ([page, query]) => [page, await counted(query)])),
    ) as Record<keyof typeof kinds, Record<string, number>>;
  const counts = await until(
    countsOf,
    (values) => sameCounts(values["/made-up-page"], expected("/made-up-page")),
    "every request counted",
  );
  expect(counts["/legals"]).toEqual(expected("/legals"));
  expect(counts["/en/works"]).toEqual(expected("/en/works"));
  expect(counts["/made-up-page"]).toEqual(expected("/made-up-page"));
  // Every request observed in the duration histogram, and its buckets make a quantile.
  const observed = await counted(
    'sum by (instance) (site_http_request_duration_seconds_count{page_type="legals_page"})',
  );
  expect(observed).toEqual(expected("/legals"));
  // (A rate needs two scrapes after the traffic.)
  const p99 = await until(
    async () =>
      Number(
        (
          await prometheus.query(
            "histogram_quantile(0.99, sum by (le) (rate(site_http_request_duration_seconds_bucket[1m])))",
          )
        )[0]?.value[1],
      ),
    (value) => Number.isFinite(value) && value > 0,
    "a p99 from the histogram",
  );
  expect(p99).toBeLessThan(60);
  // The content API and the process are measured too: a work's URL makes each instance ask it
  // whether the work exists (the request router's probe), whatever the pages' cache holds.
  const work = pages.find((page) => page.doc.type === "project")!.path;
  for (const site of sites) expect((await rawRequest(site.origin, work)).status).toBe(200);
  const asked = await until(
    () => counted("sum by (instance) (site_content_requests_total)"),
    (values) => targets.every((target) => (values[target] ?? 0) > 0),
    "content requests counted on both instances",
  );
  expect(Object.keys(asked).sort()).toEqual(targets.sort());
  expect(Object.keys(await counted("process_resident_memory_bytes")).sort()).toEqual(targets.sort());
});

test("the metrics are not public: nginx never serves them, an instance only with the token", async () => {
  const [site] = sites;
  const proxied = await rawRequest(nginx.origin, "/api/metrics", {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(proxied.status).toBe(404);
  expect(proxied.body).not.toContain("site_http_requests_total");
  for (const authorization of [undefined, "Bearer wrong-token-0123456789", `Basic ${TOKEN}`]) {
    const refused = await rawRequest(site.origin, "/api/metrics", {
      headers: authorization ? { authorization } : {},
    });
    expect(refused.status, String(authorization)).toBe(401);
    expect(refused.body).not.toContain("site_");
  }
  const allowed = await rawRequest(site.origin, "/api/metrics", {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(allowed.status).toBe(200);
  expect(allowed.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(allowed.headers["cache-control"]).toContain("no-store");
});

test("one request id from nginx's access log to every line the instance logs for it, and back", async () => {
  // A client's own id is not trusted: nginx gives each request its own.
  const answer = await rawRequest(nginx.origin, "/works/a-work-that-does-not-exist?utm_source=x", {
    headers: { "x-request-id": "forged-by-the-client" },
  });
  expect(answer.status).toBe(404);
  const id = String(answer.headers["x-request-id"]);
  expect(id).toMatch(/^[0-9a-f]{32}$/);
  await expect.poll(() => nginx.accessLog()).toContain(`rid=${id}`);
  const lines = () =>
    sites
      .flatMap((site) => site.output().split("\n"))
      .filter((line) => line.includes(id))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  await expect.poll(() => lines().length).toBeGreaterThan(0);
  const access = lines().find((line) => line.msg === "access");
  expect(access).toMatchObject({
    reqId: id,
    method: "GET",
    path: "/works/a-work-that-does-not-exist",
    status: 404,
  });
  expect(JSON.stringify(lines())).not.toContain("forged-by-the-client");
  expect(JSON.stringify(lines())).not.toContain("utm_source");
  // A cached answer carries the id of the request that got it, not the stored one's.
  const again = await rawRequest(nginx.origin, "/works/a-work-that-does-not-exist?utm_source=x");
  expect(again.headers["x-request-id"]).toMatch(/^[0-9a-f]{32}$/);
  expect(again.headers["x-request-id"]).not.toBe(id);
});

test("nginx's access log names paths, never queries: no preview token or visitor's data in it", async () => {
  const secrets = ["previewRefSecret123", "visitor@example.com"];
  await rawRequest(
    nginx.origin,
    `/preview?token=${encodeURIComponent(`https://vif-argent.prismic.io/previews/${secrets[0]}`)}&documentId=x`,
  );
  await rawRequest(nginx.origin, `/contact?email=${encodeURIComponent(secrets[1])}`);
  await expect.poll(() => nginx.accessLog()).toContain('"GET /contact"');
  const log = nginx.accessLog();
  expect(log).toContain('"GET /preview"');
  for (const secret of secrets) expect(log).not.toContain(secret);
  expect(log).not.toMatch(/"[A-Z]+ [^"]*\?/);
});
