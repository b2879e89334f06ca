/**
 * A publish, as the webhook starts it: every page is marked stale at once (never removed: the last
 * good page serves until its successor has rendered), then the pages the publish changed are
 * rendered anew in the background on this instance, and only then are the proxies in front purged,
 * so their next request meets the new page already stored. Several instances sharing Redis share
 * the marks and the renders (cache-handler.mjs); the one that got the webhook does the work.
 */
import { revalidateTag } from "next/cache";
import { NEXT_CACHE_IMPLICIT_TAG_ID } from "next/dist/lib/constants";

import { createPublishedClient } from "@/lib/prismic/client";
import { proxyPurgeUrls, purgeProxyCaches } from "@/lib/cache/proxy-purge";
import { renderAnew, rerenderAccessFrom } from "@/lib/cache/rerender-handoff.mjs";
import { getEnv } from "@/lib/env/env";
import { langFromPrismic } from "@/lib/i18n/locales";
import { logger } from "@/lib/log/logger.mjs";
import { siteMetrics } from "@/lib/metrics/site-metrics.mjs";
import { sitemapEntries, sitemapPartCount } from "@/lib/seo/sitemap-entries";

import { everyPath, pathsForDocuments, payloadDocumentIds, type ChangedDocument } from "./publish-plan";
import { RerenderQueue, type SettledBatch } from "./rerender-queue";

/**
 * Every page and route handler carries its root layout's implicit tag (Next writes `_N_T_/layout`
 * into each cached entry's tags). revalidatePath("/", "layout") would expire them, so that a
 * failed render shows an error; revalidateTag with the "max" profile marks them stale instead.
 */
const EVERY_PAGE_TAG = `${NEXT_CACHE_IMPLICIT_TAG_ID}/layout`;

/** A page's render that takes longer is counted failed and tried again later. */
const RENDER_TIMEOUT_MS = 30_000;

/** Retries of a page whose render failed: about ten minutes in all, then its next visit renders it. */
export const RETRY_DELAYS_MS = [2_000, 5_000, 10_000, 30_000, 60_000, 120_000, 300_000] as const;

const log = logger.child({ module: "publish" });

/** Renders one page anew through this server's front, at its public URL. */
async function renderThroughFront(path: string): Promise<boolean> {
  const outcome = await renderAnew(globalThis, path, RENDER_TIMEOUT_MS);
  if (outcome && !outcome.rendered)
    log.warn(`[publish] rendering ${path} anew answered ${outcome.status}: tried again later`);
  return outcome?.rendered === true;
}

async function settled(batch: SettledBatch): Promise<void> {
  const metrics = siteMetrics();
  metrics.publishRenders.inc({ outcome: "rendered" }, batch.rendered);
  metrics.publishRenders.inc({ outcome: "failed" }, batch.failed);
  metrics.publishQueue.set(0);
  // "Live" once visitors get it: the proxies' stored copies go first (a proxy answering from its
  // cache would still show the old page after the line was written), and their purge counts.
  const purgeStart = performance.now();
  const proxies = proxyPurgeUrls();
  if (proxies.length > 0) await purgeProxyCaches(proxies, log);
  const seconds = batch.seconds + (performance.now() - purgeStart) / 1000;
  metrics.publishSeconds.observe(seconds);
  const line = `[publish] live in ${seconds.toFixed(1)} s: ${batch.rendered} page(s) rendered anew, ${batch.failed} failed, for ${batch.publishes} publish(es)`;
  if (batch.failed > 0)
    log.error(`${line} (those serve their last good version until their next visit renders them)`);
  else log.info(line);
}

let queue: RerenderQueue | undefined;
function rerenderQueue(): RerenderQueue {
  queue ??= new RerenderQueue({
    render: async (path) => {
      const ok = await renderThroughFront(path);
      siteMetrics().publishQueue.set(rerenderQueue().size);
      return ok;
    },
    concurrency: getEnv().PUBLISH_RENDER_CONCURRENCY,
    retryDelaysMs: RETRY_DELAYS_MS,
    onSettled: settled,
    onReportFailed: (error) =>
      log.error({ err: error }, "[publish] a settled batch could not be reported (metrics, purge, log line)"),
  });
  return queue;
}

/** The pages a webhook payload changes: looked up by the ids it names, or every page. */
async function changedPaths(body: unknown): Promise<string[]> {
  const ids = payloadDocumentIds(body);
  if (ids) {
    try {
      const documents = await createPublishedClient().getAllByIDs(ids, { lang: "*" });
      const found: ChangedDocument[] = documents.map((document) => ({
        type: document.type,
        lang: langFromPrismic(document.lang),
        url: document.url,
        categories: (
          (document.data as { categories?: Array<{ category?: unknown }> }).categories ?? []
        ).flatMap((entry) => (typeof entry?.category === "string" ? [entry.category] : [])),
      }));
      const paths = pathsForDocuments(ids.length, found);
      if (paths !== "everything") return paths;
    } catch (error) {
      log.warn(
        { err: error },
        "[publish] the changed documents could not be looked up: rendering every page anew",
      );
    }
  }
  const pages = (await sitemapEntries()).map((entry) => new URL(entry.url).pathname);
  return everyPath(pages, await sitemapPartCount());
}

/** Marks every page stale (every instance sees the mark before its next read). */
export function markEveryPageStale(): void {
  revalidateTag(EVERY_PAGE_TAG, "max");
}

/**
 * Renders anew, in the background, what a publish changed; the proxies are purged once the batch
 * is settled. Without npm start's front (next start, next dev) nothing can be rendered on request:
 * the proxies are purged at once and each page renders on its next visit.
 */
export async function rerenderChangedPages(body: unknown): Promise<void> {
  const publishedAt = Date.now();
  if (!rerenderAccessFrom(globalThis)) {
    log.warn("[publish] not served by npm start: pages render anew on their next visit");
    const proxies = proxyPurgeUrls();
    if (proxies.length > 0) await purgeProxyCaches(proxies, log);
    return;
  }
  let paths: string[] | undefined;
  for (let attempt = 0; !paths; attempt++) {
    try {
      paths = await changedPaths(body);
    } catch (error) {
      // The content service is down: the pages cannot even be listed. Asked again as a failed render
      // would be; past the last retry each page renders on its next visit, its last good version
      // serving until then.
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined) {
        log.error(
          { err: error },
          "[publish] the site's pages could not be listed: each renders anew on its next visit",
        );
        return;
      }
      log.warn(
        { err: error },
        `[publish] the site's pages could not be listed: asking again in ${delay / 1000} s`,
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  const target = rerenderQueue();
  target.add(paths, publishedAt);
  siteMetrics().publishQueue.set(target.size);
  log.info(`[publish] rendering ${paths.length} page(s) anew`);
}
