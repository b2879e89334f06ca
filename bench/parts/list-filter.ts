/**
 * The data layer of the works lists' category filter at scale: the site's production build,
 * served by `npm start` over a generated repository of N works that the bundled Content API
 * serves over HTTP, behind a counter of every content request. For each page, asked cold (its
 * first request since the server started), one at a time: its status, the content requests it
 * caused by kind, the bytes the API sent, how many works came back, and the HTML's size.
 */
import { cp, mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { gzipSync } from "node:zlib";

import {
  ContentStore,
  createContentApiHandler,
  listen,
  type ContentApiHandler,
  type ErrorReporter,
} from "@vifargent/content-api";

import { LIST_PAGE_SIZE, PAGE_TYPE_NAMES, WORK_TYPE } from "../../lib/site/page-types";
import { CATEGORY_FIELD, WORK_CATEGORIES } from "../../lib/site/work-categories";
import { freePort } from "../../test-support/free-port";
import { withGeneratedRepository } from "./generated-repository";
import { nextStart } from "../../test-support/next-start";
import { ROOT } from "./next-process";

/** The filtered lists measured (an unfiltered later page and a work are the baselines). */
export const LIST_URLS = [
  "/works?category=documentary&page=3",
  "/works-completed?category=film",
  "/en/works-in-production?category=series&page=2",
] as const;
/** An unfiltered later page, and a work half way down the list (never prerendered: generated). */
export function baselineUrls(works: number): string[] {
  return ["/works?page=3", `/works/projet-${String(Math.ceil(works / 2)).padStart(5, "0")}`];
}

/** A filtered page may return its LIST_PAGE_SIZE works and a few one-result queries' works, never the list. */
export const BOUND_SLACK = 12;

export const KINDS = [
  "ref",
  "list",
  "count",
  "probe",
  "page",
  "settings",
  "translations",
  "work",
  "neighbours",
  "other",
] as const;
export type Kind = (typeof KINDS)[number];

export interface ContentRequest {
  kind: Kind;
  /** Path and query, decoded for reading. */
  url: string;
  bytes: number;
  /** Documents in the answer's `results` (0 for the API's root). */
  results: number;
  /** Of which works (projects). */
  works: number;
}

export interface PageFigures {
  url: string;
  status: number;
  ms: number;
  requests: number;
  byKind: Record<Kind, number>;
  /** Requests whose exact path and query another request of the same page already asked. */
  repeated: number;
  apiBytes: number;
  largestBytes: number;
  largestKind: Kind | null;
  worksReturned: number;
  htmlBytes: number;
  htmlGzipBytes: number;
  log: ContentRequest[];
}

export interface RepositoryFigures {
  works: number;
  /** Works per language in each category and status (fr-fr), as the API counts them. */
  byCategory: Record<string, number>;
  byStatus: Record<string, number>;
  loadMs: number;
}

export interface ListFilterFigures {
  repository: RepositoryFigures;
  pages: PageFigures[];
}

const report: ErrorReporter = (message, error) => console.error(`[content-api] ${message}:`, error);

/**
 * What a content request is, read from its query: the API's root (the ref), a list page
 * (LIST_PAGE_SIZE works), a count (one envelope, ordered), the router's probe (one envelope,
 * unordered), a page's single document, settings, translations, a work, a work's neighbours.
 */
export function classify(pathAndQuery: string): Kind {
  const url = new URL(pathAndQuery, "http://content.invalid");
  const pathname = url.pathname.replace(/\/+$/, "");
  if (pathname === "/api/v2") return "ref";
  if (pathname !== "/api/v2/documents/search") return "other";
  const params = url.searchParams;
  const q = params.getAll("q").join("");
  const type = /at\(document\.type,\s*"([^"]+)"\)/.exec(q)?.[1];
  if (type === "translations") return "translations";
  if (type === "settings") return "settings";
  if (type === WORK_TYPE) {
    if (params.has("after")) return "neighbours";
    const envelope = params.has("graphQuery");
    if (q.includes(`my.${WORK_TYPE}.uid`)) return envelope ? "probe" : "work";
    if (params.get("pageSize") === "1" && envelope) return params.has("orderings") ? "count" : "probe";
    if (params.get("pageSize") === String(LIST_PAGE_SIZE)) return "list";
    return "other";
  }
  if (type && (PAGE_TYPE_NAMES as string[]).includes(type)) return "page";
  return "other";
}

/** A request's path and query for reading: decoded, its ref and the client's routes elided. */
function readable(pathAndQuery: string): string {
  const url = new URL(pathAndQuery, "http://content.invalid");
  const params = [...url.searchParams].map(([name, value]) =>
    ["ref", "routes", "brokenRoute", "x-c"].includes(name) ? `${name}=…` : `${name}=${value}`,
  );
  return params.length > 0 ? `${url.pathname}?${params.join("&")}` : url.pathname;
}

/** The Content API's handler, recording each request's path, query and body bytes. */
function counted(handler: ContentApiHandler) {
  const log: ContentRequest[] = [];
  let inFlight = 0;
  const wrapped: ContentApiHandler = async (request) => {
    inFlight++;
    try {
      const response = await handler(request);
      const body = new Uint8Array(await response.arrayBuffer());
      const { pathname, search } = new URL(request.url);
      const pathAndQuery = `${pathname}${search}`;
      let results: Array<{ type?: string }> = [];
      if (response.headers.get("content-type")?.startsWith("application/json")) {
        const parsed = JSON.parse(new TextDecoder().decode(body)) as { results?: unknown };
        if (Array.isArray(parsed.results)) results = parsed.results as Array<{ type?: string }>;
      }
      log.push({
        kind: classify(pathAndQuery),
        url: readable(pathAndQuery),
        bytes: request.method === "HEAD" ? 0 : body.byteLength,
        results: results.length,
        works: results.filter((doc) => doc.type === WORK_TYPE).length,
      });
      return new Response(request.method === "HEAD" ? null : body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    } finally {
      inFlight--;
    }
  };
  return { handler: wrapped, log, inFlight: () => inFlight };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once no content request is in flight and none has started for `quietMs`. */
async function quiescence(counter: ReturnType<typeof counted>, quietMs: number, maxMs = 30_000) {
  const start = performance.now();
  for (;;) {
    const seen = counter.log.length;
    await sleep(quietMs);
    if (counter.inFlight() === 0 && counter.log.length === seen) return;
    if (performance.now() - start > maxMs)
      throw new Error(`the site kept asking the content API for ${maxMs / 1000} s`);
  }
}

/** How the generated repository is made up, asked of the handler directly (not counted). */
async function describeRepository(handler: ContentApiHandler, works: number, loadMs: number) {
  const origin = "http://content.invalid";
  const { refs } = (await (await handler(new Request(`${origin}/api/v2`))).json()) as {
    refs: Array<{ ref: string; isMasterRef?: boolean }>;
  };
  const ref = (refs.find((r) => r.isMasterRef) ?? refs[0]).ref;
  const total = async (...filters: string[]) => {
    const url = new URL(`${origin}/api/v2/documents/search`);
    url.searchParams.set("ref", ref);
    url.searchParams.set("lang", "fr-fr");
    url.searchParams.set("pageSize", "1");
    url.searchParams.set("q", `[[at(document.type,"${WORK_TYPE}")]${filters.join("")}]`);
    const answer = (await (await handler(new Request(url))).json()) as { total_results_size: number };
    return answer.total_results_size;
  };
  const byCategory: Record<string, number> = {};
  for (const category of WORK_CATEGORIES)
    byCategory[category] = await total(`[at(${CATEGORY_FIELD},"${category}")]`);
  const byStatus: Record<string, number> = {};
  for (const status of ["completed", "in production"])
    byStatus[status] = await total(`[at(my.${WORK_TYPE}.status,"${status}")]`);
  const all = await total();
  if (all !== works) throw new Error(`the generated repository holds ${all} works in fr-fr, not ${works}`);
  return { works, byCategory, byStatus, loadMs };
}

/** One cold page request, and every content request it caused (until the API has been quiet). */
async function measurePage(
  origin: string,
  url: string,
  counter: ReturnType<typeof counted>,
  quietMs: number,
): Promise<PageFigures> {
  const from = counter.log.length;
  const start = performance.now();
  const response = await fetch(`${origin}${url}`, {
    headers: { "accept-encoding": "identity" },
    redirect: "manual",
    signal: AbortSignal.timeout(60_000),
  });
  const html = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - start;
  await quiescence(counter, quietMs);
  const log = counter.log.slice(from);
  const byKind = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>;
  for (const request of log) byKind[request.kind]++;
  const largest = log.reduce<ContentRequest | null>((a, b) => (a && a.bytes >= b.bytes ? a : b), null);
  return {
    url,
    status: response.status,
    ms,
    requests: log.length,
    byKind,
    repeated: log.length - new Set(log.map((request) => request.url)).size,
    apiBytes: log.reduce((sum, request) => sum + request.bytes, 0),
    largestBytes: largest?.bytes ?? 0,
    largestKind: largest?.kind ?? null,
    worksReturned: log.reduce((sum, request) => sum + request.works, 0),
    htmlBytes: html.byteLength,
    htmlGzipBytes: gzipSync(html).byteLength,
    log,
  };
}

/** A page's files as prerendered in `server/app`: `<route>.html`, `.rsc`, `.meta`, `.segments/`. */
const RENDERED_PAGE_FILE = /\.(html|rsc|meta|segments)$/;

/**
 * A copy of the build in `buildDir`, so the pages rendered here are written there, never into the
 * build the site serves. Left out, so that every page measured starts cold: what servers started on
 * the build since (e.g. the browser tests) cached there: the cache folder, Next's ISR cache
 * (`server/route-cache`), and any page in `server/app` the build did not prerender.
 */
async function copyBuild(buildDir: string, dist: string) {
  const source = path.join(ROOT, buildDir);
  const manifest = JSON.parse(await readFile(path.join(source, "prerender-manifest.json"), "utf8")) as {
    routes: Record<string, unknown>;
  };
  const prerendered = new Set(Object.keys(manifest.routes));
  const appDir = path.join(source, "server", "app");
  const runtimeCaches = [path.join(source, "cache"), path.join(source, "server", "route-cache")];
  const keep = (file: string) => {
    if (runtimeCaches.includes(file)) return false;
    if (!file.startsWith(`${appDir}${path.sep}`) || !RENDERED_PAGE_FILE.test(file)) return true;
    const parts = path.relative(appDir, file).split(path.sep);
    // Inside a page's .segments folder: the folder itself was kept.
    if (parts.slice(0, -1).some((part) => part.endsWith(".segments"))) return true;
    return prerendered.has(`/${parts.join("/").replace(RENDERED_PAGE_FILE, "")}`);
  };
  await rm(path.join(ROOT, dist), { recursive: true, force: true });
  await mkdir(path.dirname(path.join(ROOT, dist)), { recursive: true });
  // Symbolic links (the build's node_modules) are made absolute, so they hold from the copy too.
  await cp(source, path.join(ROOT, dist), { recursive: true, filter: keep });
}

export interface ListFilterOptions {
  works: number;
  /** The build to serve (relative to the root), copied first; `next build` is never run here. */
  buildDir: string;
  /** Silence the API must keep after a page's answer before its count is closed. */
  quietMs: number;
  log?: (line: string) => void;
}

export async function benchListFilter(options: ListFilterOptions): Promise<ListFilterFigures> {
  const { works, buildDir, quietMs, log = () => {} } = options;
  const dist = path.join(".bench-build", `lists-${process.pid}`);
  log(`generating ${works} works…`);
  return withGeneratedRepository(works, async (dir) => {
    const store = new ContentStore({ dir, onError: report });
    const loadStart = performance.now();
    await store.snapshot();
    const loadMs = performance.now() - loadStart;
    const handler = createContentApiHandler({ store, onError: report });
    const repository = await describeRepository(handler, works, loadMs);
    const counter = counted(handler);
    const api = await listen(counter.handler, { host: "127.0.0.1", port: 0, onError: report });
    try {
      log(`copying ${buildDir} to ${dist}…`);
      await copyBuild(buildDir, dist);
      const port = await freePort();
      log(`npm start on 127.0.0.1:${port}, PRISMIC_ENDPOINT=${api.origin}/api/v2`);
      const server = await nextStart(
        ROOT,
        port,
        { NEXT_DIST_DIR: dist, PRISMIC_ENDPOINT: `${api.origin}/api/v2`, ACCESS_LOG: "off" },
        { npmStart: true },
      );
      try {
        // nextStart's readiness check asks for `/`, whose prerendered page revalidates in the background.
        await quiescence(counter, Math.max(quietMs, 1000));
        const pages: PageFigures[] = [];
        for (const url of [...LIST_URLS, ...baselineUrls(works)]) {
          pages.push(await measurePage(server.origin, url, counter, quietMs));
          log(`  ${url}: ${pages[pages.length - 1].status}`);
        }
        return { repository, pages };
      } finally {
        await server.stop();
      }
    } finally {
      await api.close();
      await rm(path.join(ROOT, dist), { recursive: true, force: true });
    }
  });
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column].length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[0]) : cell.padStart(widths[column])))
      .join("  ");
  return [line(header), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(line)].join("\n");
}

export function describeRepositoryFigures({
  works,
  byCategory,
  byStatus,
  loadMs,
}: RepositoryFigures): string {
  const categories = Object.entries(byCategory)
    .map(([category, count]) => `${category} ${count}`)
    .join(", ");
  const statuses = Object.entries(byStatus)
    .map(([status, count]) => `${status} ${count}`)
    .join(", ");
  return (
    `${works} generated works per language (loaded in ${(loadMs / 1000).toFixed(1)} s); ` +
    `fr-fr by category: ${categories}; by status: ${statuses}`
  );
}

export function describePages(pages: PageFigures[]): string {
  const requests = table(
    ["Cold request", "Status", "ms", "API req", ...KINDS, "repeated"],
    pages.map((page) => [
      page.url,
      String(page.status),
      page.ms.toFixed(0),
      String(page.requests),
      ...KINDS.map((kind) => String(page.byKind[kind])),
      String(page.repeated),
    ]),
  );
  const sizes = table(
    ["Cold request", "API kB", "Largest kB (kind)", "Works returned", "HTML kB", "HTML gzip kB"],
    pages.map((page) => [
      page.url,
      kb(page.apiBytes),
      `${kb(page.largestBytes)} (${page.largestKind ?? "-"})`,
      String(page.worksReturned),
      kb(page.htmlBytes),
      kb(page.htmlGzipBytes),
    ]),
  );
  return `${requests}\n\n${sizes}`;
}

export function describeRequests(page: PageFigures): string {
  return [
    `${page.url}:`,
    ...page.log.map(
      (request) =>
        `  ${request.kind.padEnd(12)} ${kb(request.bytes).padStart(7)} kB  ${String(request.works).padStart(3)} works  ${request.url}`,
    ),
  ].join("\n");
}

/** What must hold: every page answered 200, and no filtered page read more than a page of works. */
export function failures({ pages }: ListFilterFigures): string[] {
  const filtered = new Set<string>(LIST_URLS);
  return pages.flatMap((page) => [
    ...(page.status === 200 ? [] : [`${page.url} answered ${page.status}, not 200`]),
    ...(filtered.has(page.url) && page.worksReturned > LIST_PAGE_SIZE + BOUND_SLACK
      ? [
          `${page.url} read ${page.worksReturned} works from the content API ` +
            `(bound: ${LIST_PAGE_SIZE} + ${BOUND_SLACK})`,
        ]
      : []),
    // The router's probe aside, a render reads its documents: none read, the page came from a cache.
    ...(page.requests === page.byKind.probe
      ? [`${page.url} read no document: it was served from a cache, not rendered cold`]
      : []),
  ]);
}

/** The figures as one JSON object, without the request logs. */
export function figuresJson({ repository, pages }: ListFilterFigures): string {
  return JSON.stringify({
    works: repository.works,
    pageSize: LIST_PAGE_SIZE,
    byCategory: repository.byCategory,
    byStatus: repository.byStatus,
    pages: pages.map((page) => ({
      url: page.url,
      status: page.status,
      ms: Math.round(page.ms),
      requests: page.requests,
      byKind: page.byKind,
      repeated: page.repeated,
      apiBytes: page.apiBytes,
      largestBytes: page.largestBytes,
      largestKind: page.largestKind,
      worksReturned: page.worksReturned,
      htmlBytes: page.htmlBytes,
      htmlGzipBytes: page.htmlGzipBytes,
    })),
  });
}
