/**
 * Lighthouse (the npm package) driving Debian's Chromium with its default mobile
 * preset (simulated slow 4G and a 4× slower CPU). Every run is a first visit: the
 * browser's cache and all the origin's storage are cleared before it (Lighthouse
 * by default keeps cookies and local storage, so a run after the first was a
 * returning visitor with an empty cache), and the consent notice shows. Chromium
 * resolves no host but 127.0.0.1, so nothing leaves the machine.
 */
import type { LaunchedChrome } from "chrome-launcher";

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** What the largest paint was: a picture (img, video poster) or text. */
  lcpKind: "picture" | "text";
  /** Audits that failed outside performance (ids), to explain a score under 100. */
  failures: string[];
}

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export async function launchChromium(): Promise<LaunchedChrome> {
  const { launch } = await import("chrome-launcher");
  return launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    ],
  });
}

/**
 * How a run loads the page: Lighthouse's two throttling methods (`simulate` prices the observed
 * requests on a modelled slow 4G link and CPU; `devtools` slows the real ones down), and URL
 * patterns Chromium refuses (the page's scripts, to see what the first paint waits for without them).
 */
export interface LighthouseRun {
  throttling: "simulate" | "devtools";
  blocked: string[];
}

export const AS_SERVED: LighthouseRun = { throttling: "simulate", blocked: [] };

/** What a first visit has none of (Chrome DevTools Protocol `Storage.StorageType`s). */
const FIRST_VISIT: Array<
  | "cookies"
  | "local_storage"
  | "indexeddb"
  | "cache_storage"
  | "service_workers"
  | "file_systems"
  | "shader_cache"
> = [
  "cookies",
  "local_storage",
  "indexeddb",
  "cache_storage",
  "service_workers",
  "file_systems",
  "shader_cache",
];

/** Lighthouse's own trace failures, which pass on a second try (seen: NO_NAVSTART on a loaded machine). */
const TRANSIENT = new Set(["NO_NAVSTART", "NO_FCP", "NO_TRACING_STARTED"]);

export async function runLighthouse(
  chrome: LaunchedChrome,
  url: string,
  run: LighthouseRun = AS_SERVED,
  attempt = 1,
): Promise<LighthouseFigures> {
  const { default: lighthouse } = await import("lighthouse");
  const result = await lighthouse(url, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    throttlingMethod: run.throttling,
    blockedUrlPatterns: run.blocked,
    clearStorageTypes: FIRST_VISIT,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    if (attempt < 3 && TRANSIENT.has(lhr.runtimeError.code))
      return runLighthouse(chrome, url, run, attempt + 1);
    throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failures = ["accessibility", "best-practices", "seo"].flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter(
        (ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1,
      )
      .map((ref) => ref.id),
  );
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcpMs: audit("first-contentful-paint"),
    lcpMs: audit("largest-contentful-paint"),
    tbtMs: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    lcpKind: /^<(img|video|picture)\b/i.test(lcpSnippet(lhr)) ? "picture" : "text",
    failures,
  };
}

/** The HTML opening the largest paint's element, as Lighthouse reports it ("" when it reports none). */
function lcpSnippet(lhr: { audits: Record<string, { details?: unknown }> }): string {
  const details = lhr.audits["largest-contentful-paint-element"]?.details as
    { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined;
  return details?.items?.[0]?.items?.[0]?.node?.snippet ?? "";
}
