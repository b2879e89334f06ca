/**
 * The first paint of every route beside the floor's, in Lighthouse's mobile preset: FCP and LCP
 * under both throttling methods, as served, with the page's script files blocked (what the first
 * paint waits for without them), and on the page's own script-free copy (./static-copy.ts: its
 * HTML without any script or payload, the page's own floor), plus the scores of the as-served
 * simulated runs. Each figure is the median of `runs`: the floor's simulated LCP alone is bimodal
 * across runs.
 */
import type { LaunchedChrome } from "chrome-launcher";

import { launchChromium, runLighthouse, type LighthouseFigures, type LighthouseRun } from "./lighthouse";
import { median, padCells, repeat } from "./measure";
import { startStaticCopy } from "./static-copy";

const SCRIPT_FILES = ["*/_next/static/chunks/*.js"];

/** The six ways each route is loaded, in the order the table prints them; `copy`: on its script-free copy. */
export const FIRST_PAINT_RUNS = {
  simulated: { throttling: "simulate", blocked: [] },
  simulatedNoScripts: { throttling: "simulate", blocked: SCRIPT_FILES },
  simulatedCopy: { throttling: "simulate", blocked: [], copy: true },
  applied: { throttling: "devtools", blocked: [] },
  appliedNoScripts: { throttling: "devtools", blocked: SCRIPT_FILES },
  appliedCopy: { throttling: "devtools", blocked: [], copy: true },
} satisfies Record<string, LighthouseRun & { copy?: boolean }>;

export type FirstPaintRun = keyof typeof FIRST_PAINT_RUNS;

export interface PaintFigures {
  fcpMs: number;
  lcpMs: number;
}

export interface MeasuredRow {
  path: string;
  /** The as-served simulated runs' medians (scores, TBT, CLS): the usual Lighthouse row. */
  scores: LighthouseFigures;
  paint: Record<FirstPaintRun, PaintFigures>;
}

/** A route Lighthouse could not measure (its error), kept in the table instead of ending the run. */
export interface UnmeasuredRow {
  path: string;
  error: string;
}

export type FirstPaintRow = MeasuredRow | UnmeasuredRow;

/** The targets, each against the floor's figure in the same column. */
export const FIRST_PAINT_TARGET = {
  fcpOverFloorMs: 300,
  /** A page whose largest paint is text: it needs nothing after the HTML and its styles. */
  textLcpOverFloorMs: 300,
  /** A page whose largest paint is a picture: one right-sized picture after the HTML on slow 4G. */
  pictureLcpOverFloorMs: 800,
  performanceBelowFloor: 3,
  tbtOverFloorMs: 150,
};

function medianFigures(runs: LighthouseFigures[]): LighthouseFigures {
  const of = (pick: (run: LighthouseFigures) => number) => median(runs.map(pick));
  const pictures = runs.filter((run) => run.lcpKind === "picture").length;
  return {
    performance: of((run) => run.performance),
    accessibility: of((run) => run.accessibility),
    bestPractices: of((run) => run.bestPractices),
    seo: of((run) => run.seo),
    fcpMs: of((run) => run.fcpMs),
    lcpMs: of((run) => run.lcpMs),
    tbtMs: of((run) => run.tbtMs),
    cls: of((run) => run.cls),
    lcpKind: pictures * 2 > runs.length ? "picture" : "text",
    failures: [...new Set(runs.flatMap((run) => run.failures))],
  };
}

/** `path` on `origin` in each way (on `copyOrigin` for the copy's), `runs` times. */
async function measureRow(
  chrome: LaunchedChrome,
  origins: { origin: string; copyOrigin: string },
  path: string,
  runs: number,
): Promise<MeasuredRow> {
  // One load first, not counted: the page's first request renders it and sizes its pictures, which
  // a visitor of a deployed site finds done (the figures are a cached page's).
  await runLighthouse(chrome, origins.origin + path);
  const paint = {} as Record<FirstPaintRun, PaintFigures>;
  let scores: LighthouseFigures | undefined;
  for (const [name, run] of Object.entries(FIRST_PAINT_RUNS) as Array<
    [FirstPaintRun, LighthouseRun & { copy?: boolean }]
  >) {
    const url = (run.copy ? origins.copyOrigin : origins.origin) + path;
    const figures = medianFigures(await repeat(runs, () => runLighthouse(chrome, url, run)));
    paint[name] = { fcpMs: figures.fcpMs, lcpMs: figures.lcpMs };
    if (name === "simulated") scores = figures;
  }
  return { path, scores: scores as LighthouseFigures, paint };
}

/**
 * The floor's `/` and then each of the site's routes, `runs` times in each of the six ways; a
 * route Lighthouse fails on (after its own retries) is kept as unmeasured and the run goes on.
 */
export async function measureFirstPaint(
  floorOrigin: string,
  siteOrigin: string,
  paths: string[],
  runs: number,
  progress: () => void = () => {},
): Promise<{ floor: MeasuredRow; routes: FirstPaintRow[] }> {
  const chrome = await launchChromium();
  const floorCopy = await startStaticCopy(floorOrigin, ["/"]);
  const siteCopy = await startStaticCopy(siteOrigin, paths);
  try {
    const floor = await measureRow(chrome, { origin: floorOrigin, copyOrigin: floorCopy.origin }, "/", runs);
    const routes: FirstPaintRow[] = [];
    for (const path of paths) {
      try {
        routes.push(
          await measureRow(chrome, { origin: siteOrigin, copyOrigin: siteCopy.origin }, path, runs),
        );
      } catch (error) {
        routes.push({ path, error: (error as Error).message });
      }
      progress();
    }
    return { floor, routes };
  } finally {
    chrome.kill();
    await Promise.all([floorCopy.stop(), siteCopy.stop()]);
  }
}

/** Which targets a route misses against the floor (empty when it meets them all). */
export function firstPaintMisses(row: MeasuredRow, floor: MeasuredRow): string[] {
  const misses: string[] = [];
  const lcpAllowance =
    row.scores.lcpKind === "picture"
      ? FIRST_PAINT_TARGET.pictureLcpOverFloorMs
      : FIRST_PAINT_TARGET.textLcpOverFloorMs;
  for (const name of ["simulated", "applied"] as const) {
    if (row.paint[name].fcpMs > floor.paint[name].fcpMs + FIRST_PAINT_TARGET.fcpOverFloorMs)
      misses.push(`FCP ${name}`);
    if (row.paint[name].lcpMs > floor.paint[name].lcpMs + lcpAllowance) misses.push(`LCP ${name}`);
  }
  const { scores } = row;
  if (scores.performance < floor.scores.performance - FIRST_PAINT_TARGET.performanceBelowFloor)
    misses.push("perf");
  if (scores.tbtMs > floor.scores.tbtMs + FIRST_PAINT_TARGET.tbtOverFloorMs) misses.push("TBT");
  if (scores.cls !== 0) misses.push("CLS");
  for (const [name, score] of [
    ["a11y", scores.accessibility],
    ["bp", scores.bestPractices],
    ["seo", scores.seo],
  ] as const) {
    if (score !== 100) misses.push(name);
  }
  return misses;
}

/** The table's lines: one per route, the floor first, each miss named at the end of its line. */
export function describeFirstPaint(
  result: { floor: MeasuredRow; routes: FirstPaintRow[] },
  runs: number,
): string[] {
  const widths = [32, 4, 4, 3, 3, 6, 4, 11, 11, 11, 11, 11, 11, 4];
  const pad = (cells: Array<string | number>) => padCells(cells, widths);
  const seconds = (ms: number) => (ms / 1000).toFixed(2);
  const pair = (figures: PaintFigures) => `${seconds(figures.fcpMs)}/${seconds(figures.lcpMs)}`;
  const t = FIRST_PAINT_TARGET;
  const lines = [
    `Lighthouse, mobile preset, first visit (consent notice showing); median of ${runs}. ` +
      `FCP/LCP in s: simulated (sim) and applied (app) throttling, as served, with the page's script files blocked (-js), ` +
      `and on its own script-free copy (copy: the HTML without scripts or payload, the page's own floor).`,
    `targets against the floor: FCP + ${t.fcpOverFloorMs / 1000} s; LCP + ${t.textLcpOverFloorMs / 1000} s (text) or ` +
      `+ ${t.pictureLcpOverFloorMs / 1000} s (picture), both methods; perf − ${t.performanceBelowFloor}; ` +
      `TBT + ${t.tbtOverFloorMs} ms; CLS 0; a11y, bp, seo 100`,
    pad([
      "route",
      "perf",
      "a11y",
      "bp",
      "seo",
      "TBT ms",
      "LCP",
      "sim",
      "sim -js",
      "sim copy",
      "app",
      "app -js",
      "app copy",
      "",
    ]),
  ];
  const line = (row: MeasuredRow, misses: string[] | undefined) => {
    const { scores, paint } = row;
    lines.push(
      pad([
        misses ? row.path : "floor /",
        scores.performance,
        scores.accessibility,
        scores.bestPractices,
        scores.seo,
        scores.tbtMs.toFixed(0),
        scores.lcpKind === "picture" ? "pic" : "text",
        pair(paint.simulated),
        pair(paint.simulatedNoScripts),
        pair(paint.simulatedCopy),
        pair(paint.applied),
        pair(paint.appliedNoScripts),
        pair(paint.appliedCopy),
        misses ? (misses.length === 0 ? "✓" : "✗") : "",
      ]),
    );
    if (misses && misses.length > 0) lines.push(`    misses: ${misses.join(", ")}`);
    if (scores.failures.length > 0) lines.push(`    failed audits: ${scores.failures.join(", ")}`);
  };
  line(result.floor, undefined);
  for (const row of result.routes) {
    if ("error" in row) lines.push(`${row.path.padEnd(widths[0])}  unmeasured: ${row.error}`);
    else line(row, firstPaintMisses(row, result.floor));
  }
  return lines;
}
