/**
 * npm run bench [-- --quick] — the site beside the framework's floor, in the
 * same run on the same machine: JavaScript per route, Lighthouse (mobile),
 * throughput, build time and memory at scale, and the content API's latency.
 * Prints one table and writes every figure to bench/results.json. Figures are
 * medians of several runs (one with --quick); nothing is asserted: the targets
 * are shown beside each figure (✓ met, ✗ missed) for a person to read.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import path from "node:path";

import { chromium } from "@playwright/test";

import { startNginx, startStaticNginx } from "../test-support/nginx";
import { DEFAULT_LANG, LANGS, langFromPath, localePath } from "../lib/i18n/locales";
import { freePort } from "../test-support/free-port";
import { PAGE_TYPE_NAMES, PAGE_TYPES, WORK_PATH_PREFIX } from "../lib/site/page-types";
import { buildAtSize, describeBuild, type BuildAtSize } from "./bench/build-scale";
import { benchContentLatency, describeLatency, type Latency } from "./bench/content-latency";
import { createFloorApp } from "./bench/floor-app";
import { JS_DEVICES, measureJs, type JsWeight } from "./bench/js-weight";
import { launchChromium, runLighthouse, type LighthouseFigures } from "./bench/lighthouse";
import { median, repeat } from "./bench/measure";
import { nextBuild, nextStart, ROOT, type BuildFigures, type RunningServer } from "./bench/next-process";
import { loadTest, type Throughput } from "./bench/throughput";

const QUICK = process.argv.includes("--quick");
const RUNS = QUICK ? 1 : 3;
const BUILD_SIZES = QUICK ? [100] : [100, 1000, 10_000];
const CONTENT = QUICK ? { rounds: 50, works: 1000 } : { rounds: 200, works: 10_000 };
const LOAD = { connections: 50, seconds: 10 };
const SITE_DIST = path.join(".bench-build", "site");
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** The targets of issue 12, beside which each figure is printed. */
const TARGET = {
  jsOverFloorKb: 20,
  performance: 95,
  performanceBelowFloor: 2,
  lcpOverFloorMs: 500,
  rpsShare: 0.8,
};

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
    for (const type of PAGE_TYPE_NAMES) paths.push(localePath(lang, PAGE_TYPES[type].path));
    const list = localePath(lang, PAGE_TYPES.works_page.path);
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

async function measureAllJs(site: RunningServer, floor: RunningServer, paths: string[]) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  try {
    const row = async (origin: string, path: string): Promise<JsRow> => ({
      path,
      phone: await measureJs(browser, origin + path, JS_DEVICES.phone),
      desktop: await measureJs(browser, origin + path, JS_DEVICES.desktop),
    });
    const floorRow = await row(floor.origin, "/");
    const rows: JsRow[] = [];
    for (const path of paths) rows.push(await row(site.origin, path));
    return { floor: floorRow, routes: rows };
  } finally {
    await browser.close();
  }
}

type LighthouseRow = { path: string } & LighthouseFigures;

async function measureAllLighthouse(site: RunningServer, floor: RunningServer, paths: string[]) {
  const chrome = await launchChromium();
  try {
    const row = async (origin: string, path: string): Promise<LighthouseRow> => {
      const runs = await repeat(RUNS, () => runLighthouse(chrome, origin + path));
      return {
        path,
        performance: medianOf(runs, (run) => run.performance),
        accessibility: medianOf(runs, (run) => run.accessibility),
        bestPractices: medianOf(runs, (run) => run.bestPractices),
        seo: medianOf(runs, (run) => run.seo),
        lcpMs: medianOf(runs, (run) => run.lcpMs),
        tbtMs: medianOf(runs, (run) => run.tbtMs),
        cls: medianOf(runs, (run) => run.cls),
        failures: [...new Set(runs.flatMap((run) => run.failures))],
      };
    };
    const floorRow = await row(floor.origin, "/");
    const rows: LighthouseRow[] = [];
    for (const path of paths) {
      rows.push(await row(site.origin, path));
      process.stdout.write(".");
    }
    log();
    return { floor: floorRow, routes: rows };
  } finally {
    chrome.kill();
  }
}

type ThroughputRow = { label: string; url: string } & Throughput;

async function measureThroughput(label: string, url: string): Promise<ThroughputRow> {
  await loadTest(url, 10, 2); // warm-up: caches filled, code optimised
  const runs = await repeat(RUNS, () => loadTest(url, LOAD.connections, LOAD.seconds));
  return {
    label,
    url,
    requestsPerSecond: medianOf(runs, (run) => run.requestsPerSecond),
    p50Ms: medianOf(runs, (run) => run.p50Ms),
    p99Ms: medianOf(runs, (run) => run.p99Ms),
    failures: runs.reduce((sum, run) => sum + run.failures, 0),
  };
}

/**
 * `/` through nginx's cache (deploy/nginx/site.conf in front of the site), beside nginx serving
 * the same bytes as a static file: what the cache costs over the least nginx can do.
 */
async function measureBehindNginx(site: RunningServer): Promise<ThroughputRow[]> {
  const proxy = await startNginx({ upstreams: [new URL(site.origin).host] });
  const cached = await fetch(`${proxy.origin}/`);
  const body = await cached.text();
  const staticFile = await startStaticNginx(body);
  try {
    return [
      await measureThroughput("/ through the nginx cache", `${proxy.origin}/`),
      await measureThroughput("nginx, / as a static file", `${staticFile.origin}/`),
    ];
  } finally {
    await Promise.all([proxy.stop(), staticFile.stop()]);
  }
}

function pad(cells: Array<string | number>, widths: number[]): string {
  return cells
    .map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i])))
    .join("  ");
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

function printLighthouse(lh: Awaited<ReturnType<typeof measureAllLighthouse>>) {
  const widths = [44, 5, 5, 5, 5, 7, 7, 6, 3];
  log(`Lighthouse, mobile preset, first visit (consent notice showing); median of ${RUNS}`);
  log(pad(["route", "perf", "a11y", "bp", "seo", "LCP s", "TBT ms", "CLS", ""], widths));
  const line = (row: LighthouseRow, isFloor: boolean) => {
    const ok =
      isFloor ||
      (row.performance >= TARGET.performance &&
        row.performance >= lh.floor.performance - TARGET.performanceBelowFloor &&
        row.accessibility === 100 &&
        row.bestPractices === 100 &&
        row.seo === 100 &&
        row.cls === 0 &&
        row.lcpMs <= lh.floor.lcpMs + TARGET.lcpOverFloorMs);
    log(
      pad(
        [
          isFloor ? "floor /" : row.path,
          row.performance,
          row.accessibility,
          row.bestPractices,
          row.seo,
          (row.lcpMs / 1000).toFixed(2),
          row.tbtMs.toFixed(0),
          row.cls.toFixed(3),
          isFloor ? "" : mark(ok),
        ],
        widths,
      ),
    );
    if (row.failures.length > 0) log(`    failed audits: ${row.failures.join(", ")}`);
  };
  line(lh.floor, true);
  for (const row of lh.routes) line(row, false);
}

function printThroughput(rows: ThroughputRow[]) {
  const floor = rows[0];
  const widths = [44, 8, 8, 8, 10, 8];
  log(`Throughput, autocannon ${LOAD.connections} connections × ${LOAD.seconds} s; median of ${RUNS}`);
  log(pad(["", "req/s", "p50 ms", "p99 ms", "of floor", "errors"], widths));
  for (const row of rows) {
    const share = row.requestsPerSecond / floor.requestsPerSecond;
    log(
      pad(
        [
          row.label,
          row.requestsPerSecond.toFixed(0),
          row.p50Ms.toFixed(0),
          row.p99Ms.toFixed(0),
          row === floor ? "" : `${(share * 100).toFixed(0)} % ${mark(share >= TARGET.rpsShare)}`,
          row.failures,
        ],
        widths,
      ),
    );
  }
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
    log("building the site and the floor…");
    const builds: { site: BuildFigures; floor: BuildFigures } = {
      site: await nextBuild(ROOT, siteEnv),
      floor: await nextBuild(floorApp.dir, {}),
    };
    site = await nextStart(ROOT, sitePort, siteEnv);
    floor = await nextStart(floorApp.dir, floorPort, {});
    const paths = await routes(site.origin);
    log(`measuring JavaScript on ${paths.length} routes…`);
    const js = await measureAllJs(site, floor, paths);
    const lighthousePaths = QUICK ? paths.filter((p) => langFromPath(p) === DEFAULT_LANG) : paths;
    log(`running Lighthouse on ${lighthousePaths.length} routes…`);
    const lighthouse = await measureAllLighthouse(site, floor, lighthousePaths);
    const workPath = paths.find((p) => p.startsWith(WORK_PATH_PREFIX)) as string;
    log("load testing…");
    const throughput = [
      await measureThroughput("floor /", `${floor.origin}/`),
      await measureThroughput("/", `${site.origin}/`),
      await measureThroughput(workPath, site.origin + workPath),
      ...(await measureBehindNginx(site)),
    ];
    await Promise.all([site.stop(), floor.stop()]);
    [site, floor] = [undefined, undefined];

    log(`building at ${BUILD_SIZES.join(", ")} works…`);
    const scale: BuildAtSize[] = [];
    for (const works of BUILD_SIZES) scale.push(await buildAtSize(works));
    log("content API latency…");
    const content: { latencies: Latency[] } = await benchContentLatency(CONTENT.rounds, CONTENT.works);

    log();
    printJs(js);
    log();
    printLighthouse(lighthouse);
    log();
    printThroughput(throughput);
    log();
    log(
      `Builds: site ${builds.site.seconds.toFixed(1)} s / ${builds.site.peakMb.toFixed(0)} MB, floor ${builds.floor.seconds.toFixed(1)} s / ${builds.floor.peakMb.toFixed(0)} MB`,
    );
    for (const row of scale) log(describeBuild(row));
    log();
    for (const latency of content.latencies) log(`Content API, ${describeLatency(latency)}`);

    mkdirSync(path.join(ROOT, "bench"), { recursive: true });
    const results = {
      mode: QUICK ? "quick" : "full",
      runs: RUNS,
      machine,
      js,
      lighthouse,
      throughput,
      builds,
      scale,
      content,
    };
    writeFileSync(path.join(ROOT, "bench/results.json"), `${JSON.stringify(results, null, 2)}\n`);
    log();
    log("written to bench/results.json");
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
