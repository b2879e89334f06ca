/**
 * npm run bench:soak — the production server under a long mixed load: 100
 * connections for 60 s over every page type in both languages, a share of
 * scanner-style unknown URLs, and one publish (the webhook) half way. Prints
 * requests served, errors, statuses, p99, and the server's memory after
 * warm-up and at the end; what the server's own metrics (GET /api/metrics) say of
 * the window (req/s by page type, ISR cache hit ratio, p99 of renders and
 * regenerations); then what one unknown URL costs beside a cached page.
 * Prints figures; asserts nothing (machines here are shared and noisy).
 * SOAK_SECONDS (default 60), SOAK_WARMUP (default 30) and SOAK_CONNECTIONS (default
 * 100) change the load; `-- --no-build` serves the last soak build again.
 */
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { cpus } from "node:os";
import path from "node:path";

import autocannon from "autocannon";

import { freePort } from "../test-support/free-port";
import { treeRss } from "./parts/measure";
import { summarize } from "./parts/metrics-summary";
import { nextBuild, ROOT } from "./parts/next-process";
import { nextStart } from "../test-support/next-start";
import { loadTest } from "./parts/throughput";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const WARMUP = Number(process.env.SOAK_WARMUP ?? 30);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 100);
const BUILD = !process.argv.includes("--no-build");
const DIST = ".bench-build/soak";

/** Every page type in both languages, eight works, and unknown URLs as scanners send them. */
function paths(): { known: string[]; unknown: string[] } {
  const works = readdirSync(path.join(ROOT, "content/documents"))
    .filter((name) => name.startsWith("project."))
    .map((name) => {
      const [, uid, lang] = name.split(".");
      return `${lang === "en-gb" ? "/en" : ""}/works/${uid}`;
    });
  const pages = [
    "",
    "/works",
    "/works?page=1",
    "/works-completed",
    "/works-in-production",
    "/contact",
    "/legals",
  ];
  const unknown = [
    "/wp-login.php",
    "/.env",
    "/admin",
    "/works/%ff%fe",
    "/en/nope",
    "/xmlrpc.php",
    "/works/a/b",
  ];
  const known = [
    ...pages.flatMap((page) => [page || "/", `/en${page}`]),
    ...works.filter((_, index) => index % 3 === 0).slice(0, 8),
  ];
  return { known, unknown };
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

async function main() {
  const secret = randomBytes(16).toString("hex");
  const port = await freePort();
  const env = {
    NEXT_DIST_DIR: DIST,
    NEXT_PUBLIC_SITE_URL: `http://127.0.0.1:${port}`,
    PRISMIC_WEBHOOK_SECRET: secret,
    // As behind nginx: no line per request (the load would be a log flood).
    ACCESS_LOG: "off",
  };
  const { known, unknown } = paths();
  const mix = [...known, ...unknown];
  console.log(
    `bench:soak on ${cpus().length} cores, Node ${process.version}: ${CONNECTIONS} connections × ${SECONDS} s ` +
      `over ${mix.length} URLs (${unknown.length} unknown), ` +
      "one publish half way",
  );
  if (BUILD) {
    console.log("building…");
    await nextBuild(ROOT, env);
  }
  // The production server itself (npm start), whose metrics the summary reads.
  const server = await nextStart(ROOT, port, env, { npmStart: true });
  try {
    const requests = mix.map((url) => ({ method: "GET" as const, path: url }));
    // Warm-up: every page rendered and cached, the heap at its working size.
    await autocannon({ url: server.origin, connections: CONNECTIONS, duration: WARMUP, requests });
    const before = treeRss(server.pid);
    const scrape = async () => (await fetch(`${server.origin}/api/metrics`)).text();
    const metricsBefore = await scrape();
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(treeRss(server.pid)), 5000);

    const publish = setTimeout(
      () => {
        fetch(`${server.origin}/api/revalidate`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ secret }),
        }).then(
          (response) => console.log(`publish at ${SECONDS / 2} s: webhook answered ${response.status}`),
          (error: unknown) => console.log(`publish at ${SECONDS / 2} s failed: ${String(error)}`),
        );
      },
      (SECONDS * 1000) / 2,
    );
    const result = await autocannon({
      url: server.origin,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests,
    });
    clearTimeout(publish);
    clearInterval(sampler);
    const after = treeRss(server.pid);
    const seen = summarize(metricsBefore, await scrape(), SECONDS);

    const statuses = Object.entries(result.statusCodeStats ?? {})
      .map(([code, { count }]) => `${code}×${count}`)
      .join(" ");
    console.log(
      `served ${result.requests.total} requests (${result.requests.average.toFixed(0)} req/s); ` +
        `errors ${result.errors}, timeouts ${result.timeouts}; statuses ${statuses}; ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    );
    const growth = ((after - before) / before) * 100;
    console.log(
      `memory after ${WARMUP} s of warm-up ${mb(before)}, at the end ${mb(after)} ` +
        `(${growth >= 0 ? "+" : ""}${growth.toFixed(1)} %); every 5 s: ${samples.map(mb).join(", ")}`,
    );

    const seconds = (value: number | undefined) =>
      value === undefined ? "none" : `${(value * 1000).toFixed(0)} ms`;
    console.log(
      `the server's metrics over the window: ` +
        seen.requestsPerSecond
          .map(([type, perSecond]) => `${type} ${perSecond.toFixed(perSecond < 10 ? 1 : 0)}`)
          .join(", ") +
        ` req/s; ISR lookups ${JSON.stringify(seen.cacheLookups)}, hit ratio ` +
        (seen.cacheHitRatio === undefined ? "none" : `${(seen.cacheHitRatio * 100).toFixed(1)} %`) +
        `; ${seen.renders} renders (p99 ≤ ${seconds(seen.renderP99Seconds)}), ` +
        `${seen.regenerations} regenerations (p99 ≤ ${seconds(seen.regenerationP99Seconds)})`,
    );

    // What an unknown URL costs beside a cached page, alone, 50 connections × 10 s each.
    for (const url of ["/works", "/some-scanner-probe", "/en/works/no-such-work"]) {
      const figures = await loadTest(`${server.origin}${url}`, 50, 10);
      console.log(
        `${url}: ${figures.requestsPerSecond.toFixed(0)} req/s, p99 ${figures.p99Ms} ms` +
          (figures.failures ? ` (${figures.failures} answers not 2xx or failed)` : ""),
      );
    }
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
