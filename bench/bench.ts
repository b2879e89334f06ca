/**
 * npm run bench [-- --quick] — the site beside the framework's floor, in the
 * same run on the same machine: JavaScript per route, Lighthouse (mobile),
 * throughput, build time and memory at scale, and the content API's latency.
 * Prints one table and writes every figure to bench/results.json. Figures are
 * medians of several runs (one with --quick); nothing is asserted: the targets
 * are shown beside each figure (✓ met, ✗ missed) for a person to read.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get as httpGet } from "node:http";
import { cpus, totalmem } from "node:os";
import path from "node:path";

import { chromium, type Browser } from "@playwright/test";

import { startBareCacheNginx, startNginx, startStaticNginx } from "../test-support/nginx";
import { DEFAULT_LANG, LANGS, langFromPath, localePath } from "../lib/i18n/locales";
import { freePort } from "../test-support/free-port";
import { PAGE_TYPE_NAMES, pagePublicPath, WORK_PATH_PREFIX } from "../lib/site/page-types";
import { buildAtSize, describeBuild, type BuildAtSize } from "./parts/build-scale";
import { benchContentLatency, describeLatency, type Latency } from "./parts/content-latency";
import { createFloorApp } from "./parts/floor-app";
import { measureJs, type JsWeight } from "./parts/js-weight";
import { describeFirstPaint, measureFirstPaint } from "./parts/first-paint";
import { describeFontSwap, measureFontSwap } from "./parts/font-swap";
import { median, padCells as pad, repeat, SCREENS } from "./parts/measure";
import { nextBuild, ROOT, type BuildFigures } from "./parts/next-process";
import { nextStart, type RunningServer } from "../test-support/next-start";
import { loadTest, requireWrk, type Throughput } from "./parts/throughput";

const QUICK = process.argv.includes("--quick");
/** Only the rows through nginx (`npm run bench -- --nginx`): a build and a few minutes; results.json is left as it is. */
const NGINX_ONLY = process.argv.includes("--nginx");
/**
 * Only the first paint (`npm run bench -- --first-paint`): both builds, the HTML and Lighthouse
 * tables, about half an hour; their figures replace those in results.json, the others stay.
 */
const FIRST_PAINT_ONLY = process.argv.includes("--first-paint");
/**
 * Lighthouse on these routes only (`--routes=/,/legals`), for a change measured on a few pages:
 * the other tables still cover every route, and results.json is left as it is.
 */
const LIGHTHOUSE_ROUTES = process.argv
  .find((arg) => arg.startsWith("--routes="))
  ?.slice("--routes=".length)
  .split(",");
const RUNS = QUICK ? 1 : 3;
const BUILD_SIZES = QUICK ? [100] : [100, 1000, 10_000];
const CONTENT = QUICK ? { rounds: 50, works: 1000 } : { rounds: 200, works: 10_000 };
const LOAD = { connections: 50, seconds: 10 };
const SITE_DIST = path.join(".bench-build", "site");
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/**
 * The targets, beside which each figure is printed; every one relative to this run's floor (the
 * first paint's are in bench/first-paint.ts).
 */
const TARGET = {
  jsOverFloorKb: 20,
  /** `/`'s HTML, its inline payload included. */
  homeHtmlKb: 55,
  /** Every page's HTML against its size on 2026-11-25, before the first-paint work (BASELINE_HTML). */
  htmlShareOfBaseline: 0.6,
  /** Bare `npm start` against the floor's page padded to the same bytes. */
  rpsShareOfPadded: 0.8,
  /** A cached page through the shipped nginx against nginx serving the same bytes as a file. */
  nginxShareOfStatic: 0.7,
};

/** HTML bytes of each route on 2026-11-25 (bundled content, analytics configured), before the first-paint work. */
const BASELINE_HTML: Record<string, number> = {
  "/": 76533,
  "/works": 81480,
  "/works/hors-champ": 37176,
  "/works-completed": 62878,
  "/works-in-production": 47381,
  "/contact": 38854,
  "/legals": 41564,
  "/en": 75383,
  "/en/works": 80869,
  "/en/works/beneath-the-surface": 38224,
  "/en/works-completed": 62491,
  "/en/works-in-production": 47008,
  "/en/contact": 38160,
  "/en/legals": 40155,
};

/** What a browser sends: the nginx rows are measured as browsers ask. */
const BROWSER_ENCODING = { "accept-encoding": "gzip, deflate, br, zstd" };

const kb = (bytes: number) => bytes / 1024;
const log = (line = "") => console.log(line);
const mark = (ok: boolean) => (ok ? "✓" : "✗");

function medianOf<T>(runs: T[], pick: (run: T) => number): number {
  return median(runs.map(pick));
}

/** Every page type in every language, plus one work per language (the first of its list). */
async function routes(origin: string): Promise<string[]> {
  const paths: string[] = [];
  for (const lang of LANGS) {
    for (const type of PAGE_TYPE_NAMES) paths.push(pagePublicPath(type, lang));
    const list = pagePublicPath("works_page", lang);
    const html = await (await fetch(origin + list)).text();
    const prefix = localePath(lang, WORK_PATH_PREFIX);
    const work = html.match(new RegExp(`href="(${prefix}[^"?#/]+)"`));
    if (!work) throw new Error(`no work link on ${list}`);
    paths.splice(paths.indexOf(list) + 1, 0, work[1]);
  }
  return paths;
}

interface JsRow {
  path: string;
  phone: JsWeight;
  desktop: JsWeight;
}

/** Debian's Chromium through Playwright, for the measurements that drive a page themselves. */
async function withChromium<T>(measure: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  try {
    return await measure(browser);
  } finally {
    await browser.close();
  }
}

async function measureAllJs(site: RunningServer, floor: RunningServer, paths: string[]) {
  return withChromium(async (browser) => {
    const row = async (origin: string, path: string): Promise<JsRow> => ({
      path,
      phone: await measureJs(browser, origin + path, SCREENS.phone),
      desktop: await measureJs(browser, origin + path, SCREENS.desktop),
    });
    const floorRow = await row(floor.origin, "/");
    const rows: JsRow[] = [];
    for (const path of paths) rows.push(await row(site.origin, path));
    return { floor: floorRow, routes: rows };
  });
}

/**
 * A GET's status and body bytes exactly as sent (not decompressed), with the given headers. On a
 * connection of its own: a kept-alive one the server has just timed out ends in "socket hang up".
 */
function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    }).on("error", reject);
  });
}

interface HtmlRow {
  path: string;
  bytes: number;
  /** The inline RSC payload's share (its <script> tags). */
  payloadBytes: number;
}

async function measureHtml(origin: string, paths: string[]): Promise<HtmlRow[]> {
  const rows: HtmlRow[] = [];
  for (const path of paths) {
    const html = (await rawGet(origin + path)).body.toString();
    const payload = html.match(/<script>self\.__next_f\.push\([\s\S]*?<\/script>/g) ?? [];
    rows.push({
      path,
      bytes: Buffer.byteLength(html),
      payloadBytes: payload.reduce((sum, tag) => sum + Buffer.byteLength(tag), 0),
    });
  }
  return rows;
}

/**
 * The floor's /padded/<n> page with `bytes` of HTML (within a few bytes): the padding shows in the
 * HTML and again in the payload, so two tries find it.
 */
async function paddedFloorUrl(floor: RunningServer, bytes: number): Promise<string> {
  let padding = 0;
  for (let attempt = 0; attempt < 3; attempt++) {
    const size = (await rawGet(`${floor.origin}/padded/${padding}`)).body.length;
    if (Math.abs(size - bytes) < 64) break;
    padding = Math.max(0, padding + Math.round((bytes - size) / 2));
  }
  return `${floor.origin}/padded/${padding}`;
}

type ThroughputRow = { label: string; url: string; bytes: number; baseline?: string } & Throughput;

async function measureThroughput(
  label: string,
  url: string,
  { baseline, headers = {} }: { baseline?: string; headers?: Record<string, string> } = {},
): Promise<ThroughputRow> {
  const bytes = (await rawGet(url, headers)).body.length;
  await loadTest(url, 10, 2, headers); // warm-up: caches filled, code optimised
  const runs = await repeat(RUNS, () => loadTest(url, LOAD.connections, LOAD.seconds, headers));
  return {
    label,
    url,
    bytes,
    baseline,
    requestsPerSecond: medianOf(runs, (run) => run.requestsPerSecond),
    p50Ms: medianOf(runs, (run) => run.p50Ms),
    p99Ms: medianOf(runs, (run) => run.p99Ms),
    failures: runs.reduce((sum, run) => sum + run.failures, 0),
  };
}

/**
 * Bare `npm start`: `/` and a work, each beside the floor's page padded to its bytes (so what
 * differs is the site's own path, not the weight), and the floor's own page.
 */
async function measureBare(
  site: RunningServer,
  floor: RunningServer,
  workPath: string,
): Promise<ThroughputRow[]> {
  const rows = [await measureThroughput("floor /", `${floor.origin}/`)];
  for (const path of ["/", workPath]) {
    const bytes = (await rawGet(site.origin + path)).body.length;
    const padded = `floor padded to ${path}'s ${(bytes / 1024).toFixed(1)} kB`;
    rows.push(await measureThroughput(padded, await paddedFloorUrl(floor, bytes)));
    rows.push(await measureThroughput(path, site.origin + path, { baseline: padded }));
  }
  return rows;
}

/**
 * `/` through nginx's cache (deploy/nginx/site.conf in front of the site), beside nginx serving
 * the same bytes as a static file (the least nginx can do with them, the target's baseline) and
 * beside nginx's cache with nothing of the site's around it (the least a cached answer costs
 * nginx: what the shipped configuration adds is the gap between the two): as browsers ask (the
 * copy stored gzip-compressed, beside the same gzip bytes with gzip_static), and uncompressed.
 * nginx runs Debian's main configuration (sendfile, as operators have it).
 */
async function measureBehindNginx(site: RunningServer): Promise<ThroughputRow[]> {
  const upstream = new URL(site.origin).host;
  const proxy = await startNginx({ upstreams: [upstream] });
  const bare = await startBareCacheNginx(upstream);
  let staticFile: Awaited<ReturnType<typeof startStaticNginx>> | undefined;
  try {
    const plain = (await rawGet(`${proxy.origin}/`)).body;
    const gzipped = (await rawGet(`${proxy.origin}/`, BROWSER_ENCODING)).body;
    staticFile = await startStaticNginx(plain.toString(), gzipped);
    const rows: ThroughputRow[] = [];
    for (const [encoding, headers] of [
      ["gzip", BROWSER_ENCODING],
      ["plain", {}],
    ] as const) {
      const file = `nginx, those ${encoding} bytes as a file`;
      rows.push(await measureThroughput(file, `${staticFile.origin}/`, { headers }));
      rows.push(
        await measureThroughput(`/ through nginx's bare cache, ${encoding}`, `${bare.origin}/`, {
          headers,
          baseline: file,
        }),
      );
      rows.push(
        await measureThroughput(`/ through the nginx cache, ${encoding}`, `${proxy.origin}/`, {
          headers,
          baseline: file,
        }),
      );
    }
    return rows;
  } finally {
    await Promise.all([proxy.stop(), bare.stop(), staticFile?.stop()]);
  }
}

function printJs(js: Awaited<ReturnType<typeof measureAllJs>>) {
  const widths = [44, 9, 9, 11, 11, 6];
  log(
    `JavaScript per page, gzip kB (first visit; floor: phone ${kb(js.floor.phone.totalBytes).toFixed(1)}, desktop ${kb(js.floor.desktop.totalBytes).toFixed(1)}; target floor + ${TARGET.jsOverFloorKb})`,
  );
  log(pad(["route", "phone", "desktop", "Δ phone", "Δ desktop", ""], widths));
  for (const row of js.routes) {
    const over = (device: "phone" | "desktop") => kb(row[device].totalBytes - js.floor[device].totalBytes);
    const worst = Math.max(over("phone"), over("desktop"));
    log(
      pad(
        [
          row.path,
          kb(row.phone.totalBytes).toFixed(1),
          kb(row.desktop.totalBytes).toFixed(1),
          `+${over("phone").toFixed(1)}`,
          `+${over("desktop").toFixed(1)}`,
          mark(worst <= TARGET.jsOverFloorKb),
        ],
        widths,
      ),
    );
  }
}

function printHtml(rows: HtmlRow[]) {
  const widths = [44, 9, 9, 11, 12, 3];
  log(
    `HTML per page, kB as served (inline payload included); targets: / ≤ ${TARGET.homeHtmlKb} kB, ` +
      `every page ≤ ${TARGET.htmlShareOfBaseline * 100} % of its 2026-11-25 size`,
  );
  log(pad(["route", "HTML", "payload", "2026-11-25", "share", ""], widths));
  for (const row of rows) {
    const baseline = BASELINE_HTML[row.path];
    const share = baseline ? row.bytes / baseline : Number.NaN;
    const ok =
      share <= TARGET.htmlShareOfBaseline && (row.path !== "/" || kb(row.bytes) <= TARGET.homeHtmlKb);
    log(
      pad(
        [
          row.path,
          kb(row.bytes).toFixed(1),
          kb(row.payloadBytes).toFixed(1),
          baseline ? kb(baseline).toFixed(1) : "",
          baseline ? `${(share * 100).toFixed(0)} %` : "",
          mark(ok),
        ],
        widths,
      ),
    );
  }
}

function printThroughput(title: string, rows: ThroughputRow[], target: number) {
  const widths = [44, 8, 8, 8, 8, 12, 7];
  log(`${title}; wrk ${LOAD.connections} connections × ${LOAD.seconds} s; median of ${RUNS}`);
  log(pad(["", "kB", "req/s", "p50 ms", "p99 ms", "of baseline", "errors"], widths));
  for (const row of rows) {
    const baseline = rows.find((other) => other.label === row.baseline);
    const share = baseline ? row.requestsPerSecond / baseline.requestsPerSecond : Number.NaN;
    log(
      pad(
        [
          row.label,
          kb(row.bytes).toFixed(1),
          row.requestsPerSecond.toFixed(0),
          row.p50Ms.toFixed(1),
          row.p99Ms.toFixed(1),
          baseline ? `${(share * 100).toFixed(0)} % ${mark(share >= target)}` : "",
          row.failures,
        ],
        widths,
      ),
    );
  }
  log(`(target: ${target * 100} % of the row each is compared with)`);
}

const RESULTS = path.join(ROOT, "bench/results.json");

function writeResults(results: Record<string, unknown>) {
  mkdirSync(path.dirname(RESULTS), { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  log();
  log("written to bench/results.json");
}

async function main() {
  const machine = {
    cores: cpus().length,
    cpu: cpus()[0]?.model.trim() ?? "unknown",
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    next: JSON.parse(readFileSync(path.join(ROOT, "node_modules/next/package.json"), "utf8"))
      .version as string,
    date: new Date().toISOString().slice(0, 10),
  };
  log(
    `npm run bench${QUICK ? " -- --quick" : ""}: ${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB, ` +
      `Node ${machine.node}, Next ${machine.next}, ${machine.date}; each figure the median of ${RUNS} run(s)`,
  );

  // Only the load tests need wrk: the first paint alone runs without it.
  if (!FIRST_PAINT_ONLY) requireWrk();
  const [sitePort, floorPort] = [await freePort(), await freePort()];
  const siteOrigin = `http://127.0.0.1:${sitePort}`;
  // The site as an operator runs it, analytics configured (loaded only after consent).
  const siteEnv = {
    NEXT_DIST_DIR: SITE_DIST,
    NEXT_PUBLIC_SITE_URL: siteOrigin,
    NEXT_PUBLIC_GA_MEASUREMENT_ID: process.env.NEXT_PUBLIC_GA_MEASUREMENT_ID || "G-BENCH00001",
  };
  const floorApp = createFloorApp();
  let site: RunningServer | undefined;
  let floor: RunningServer | undefined;
  try {
    if (NGINX_ONLY) {
      log("building the site…");
      await nextBuild(ROOT, siteEnv);
      site = await nextStart(ROOT, sitePort, { ...siteEnv, ACCESS_LOG: "off" }, { npmStart: true });
      log("load testing through nginx…");
      printThroughput(
        "Through the shipped nginx, a cached page beside nginx serving its bytes as a file",
        await measureBehindNginx(site),
        TARGET.nginxShareOfStatic,
      );
      return;
    }
    log("building the site and the floor…");
    const builds: { site: BuildFigures; floor: BuildFigures } = {
      site: await nextBuild(ROOT, siteEnv),
      floor: await nextBuild(floorApp.dir, {}),
    };
    // The site as deployed: npm start (server/main.mjs: request ids, metrics, graceful shutdown), with
    // no line per request, as behind nginx; the floor has only next start.
    site = await nextStart(ROOT, sitePort, { ...siteEnv, ACCESS_LOG: "off" }, { npmStart: true });
    floor = await nextStart(floorApp.dir, floorPort, {});
    const paths = await routes(site.origin);
    log(`measuring HTML on ${paths.length} routes…`);
    const html = await measureHtml(site.origin, paths);
    const fontSwap = await withChromium((browser) => measureFontSwap(browser, siteOrigin, paths));
    const lighthousePaths =
      LIGHTHOUSE_ROUTES ?? (QUICK ? paths.filter((p) => langFromPath(p) === DEFAULT_LANG) : paths);
    log(`running Lighthouse on ${lighthousePaths.length} routes, six ways, ${RUNS} runs each…`);
    const lighthouse = await measureFirstPaint(floor.origin, site.origin, lighthousePaths, RUNS, () =>
      process.stdout.write("."),
    );
    log();
    const printFirstPaint = () => {
      log();
      printHtml(html);
      log();
      for (const line of [...describeFirstPaint(lighthouse, RUNS), "", ...describeFontSwap(fontSwap)])
        log(line);
    };
    if (FIRST_PAINT_ONLY) {
      printFirstPaint();
      // Some routes only: printed, and results.json keeps the last run over every route.
      if (LIGHTHOUSE_ROUTES) return;
      const previous = JSON.parse(readFileSync(RESULTS, "utf8")) as Record<string, unknown>;
      writeResults({
        ...previous,
        firstPaint: { mode: QUICK ? "quick" : "full", runs: RUNS, machine },
        html,
        lighthouse,
        fontSwap,
      });
      return;
    }
    const js = await measureAllJs(site, floor, paths);
    const workPath = paths.find((p) => p.startsWith(WORK_PATH_PREFIX)) as string;
    log("load testing…");
    const throughput = await measureBare(site, floor, workPath);
    const behindNginx = await measureBehindNginx(site);
    await Promise.all([site.stop(), floor.stop()]);
    [site, floor] = [undefined, undefined];

    log(`building at ${BUILD_SIZES.join(", ")} works…`);
    const scale: BuildAtSize[] = [];
    for (const works of BUILD_SIZES) scale.push(await buildAtSize(works));
    log("content API latency…");
    const content: { latencies: Latency[] } = await benchContentLatency(CONTENT.rounds, CONTENT.works);

    printFirstPaint();
    log();
    printJs(js);
    log();
    printThroughput(
      "Bare npm start, each page beside the floor padded to its bytes",
      throughput,
      TARGET.rpsShareOfPadded,
    );
    log();
    printThroughput(
      "Through the shipped nginx, a cached page beside nginx serving its bytes as a file",
      behindNginx,
      TARGET.nginxShareOfStatic,
    );
    log();
    log(
      `Builds: site ${builds.site.seconds.toFixed(1)} s / ${builds.site.peakMb.toFixed(0)} MB, floor ${builds.floor.seconds.toFixed(1)} s / ${builds.floor.peakMb.toFixed(0)} MB`,
    );
    for (const row of scale) log(describeBuild(row));
    log();
    for (const latency of content.latencies) log(`Content API, ${describeLatency(latency)}`);

    writeResults({
      mode: QUICK ? "quick" : "full",
      runs: RUNS,
      machine,
      html,
      js,
      lighthouse,
      fontSwap,
      throughput,
      behindNginx,
      builds,
      scale,
      content,
    });
  } finally {
    await Promise.all([site?.stop(), floor?.stop()]);
    floorApp.remove();
    rmSync(path.join(ROOT, SITE_DIST), { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`bench failed: ${(error as Error).stack ?? error}`);
  process.exit(1);
});
