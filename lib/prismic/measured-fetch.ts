import { siteMetrics, type SiteMetrics } from "@/lib/metrics/site-metrics.mjs";
import { ContentServiceError } from "@/lib/prismic/bounded-fetch";
import { PAGE_TYPE_NAMES, WORK_TYPE } from "@/lib/site/page-types";

/**
 * Document types a query may name: the page types, works, the two documents every page reads and
 * the editors' redirects (the models in customtypes/); any other counts as "other".
 */
const DOCUMENT_TYPES = new Set<string>([
  ...PAGE_TYPE_NAMES,
  WORK_TYPE,
  "settings",
  "translations",
  "redirects",
]);

/**
 * The kind of a Content API request, as the metrics' `query` label: the repository (refs,
 * languages), a search by the document type its predicates name (`at(document.type, "project")`,
 * or a uid lookup `my.project.uid`), a search by id, or other.
 */
export function contentQueryKind(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "other";
  }
  if (/\/api\/v2\/?$/.test(parsed.pathname)) return "repository";
  if (!parsed.pathname.endsWith("/documents/search")) return "other";
  const predicates = parsed.searchParams.getAll("q").join(" ");
  const type =
    /document\.type\s*,\s*"([a-z_]+)"/.exec(predicates)?.[1] ?? /my\.([a-z_]+)\.uid/.exec(predicates)?.[1];
  if (type) return DOCUMENT_TYPES.has(type) ? type : "other";
  return /document\.id/.test(predicates) ? "by_id" : "search";
}

/** What went wrong, as the `outcome` label (boundedFetch's errors say it in their message). */
export function contentErrorKind(error: unknown): string {
  if (error instanceof ContentServiceError) return error.status === 429 ? "rate_limited" : "server_error";
  const message = error instanceof Error ? error.message : String(error);
  if (/response timeout$/.test(message)) return "timeout";
  if (/could not be reached/.test(message)) return "unreachable";
  if (error instanceof Error && error.name === "AbortError") return "aborted";
  return "error";
}

/** A content fetch counted and timed by kind of query and outcome (site_content_request*). */
export function measuredFetch(
  fetchFn: typeof fetch,
  metrics: Pick<SiteMetrics, "contentRequests" | "contentSeconds"> = siteMetrics(),
): typeof fetch {
  return async (input, init) => {
    const query = contentQueryKind(input instanceof Request ? input.url : String(input));
    const started = performance.now();
    let outcome = "error";
    try {
      const response = await fetchFn(input, init);
      outcome = response.ok ? "ok" : `http_${Math.floor(response.status / 100)}xx`;
      return response;
    } catch (error) {
      outcome = contentErrorKind(error);
      throw error;
    } finally {
      metrics.contentRequests.inc({ query, outcome });
      metrics.contentSeconds.observe({ query }, (performance.now() - started) / 1000);
    }
  };
}
