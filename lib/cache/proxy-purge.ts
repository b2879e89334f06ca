/**
 * After a publish, the pages cached by the reverse proxies in front (nginx with
 * deploy/nginx/site.conf) are dropped at once instead of at the end of their
 * s-maxage: one PURGE per URL in PROXY_PURGE_URLS (comma-separated, one per
 * proxy), each a purge-everything address of that proxy.
 */
import { getEnv, type Env } from "@/lib/env/env";
import { logger, type Logger } from "@/lib/log/logger.mjs";
import { siteMetrics } from "@/lib/metrics/site-metrics.mjs";

/** A proxy that does not answer within this is reported, not waited for: its cache then expires by itself. */
export const PURGE_TIMEOUT_MS = 2_000;

export interface PurgeResult {
  url: string;
  ok: boolean;
  detail: string;
}

export function proxyPurgeUrls(env: Pick<Env, "PROXY_PURGE_URLS"> = getEnv()): URL[] {
  return env.PROXY_PURGE_URLS.map((value) => new URL(value));
}

/** Purges every configured proxy; a failure is logged and returned, never thrown (the publish itself stands). */
/** The header the purge secret travels in; deploy/nginx/site.js checks it. */
export const PURGE_SECRET_HEADER = "x-purge-secret";

export async function purgeProxyCaches(
  urls: URL[],
  log: Pick<Logger, "error"> = logger,
  secret: string | undefined = getEnv().PROXY_PURGE_SECRET,
): Promise<PurgeResult[]> {
  const results = await purgeEach(urls, log, secret);
  for (const result of results) siteMetrics().purges.inc({ outcome: result.ok ? "purged" : "failed" });
  return results;
}

function purgeEach(urls: URL[], log: Pick<Logger, "error">, secret: string | undefined) {
  return Promise.all(
    urls.map(async (url): Promise<PurgeResult> => {
      try {
        const response = await fetch(url, {
          method: "PURGE",
          // nginx purges only with its secret (PROXY_PURGE_SECRET on both sides), besides the address.
          headers: secret ? { [PURGE_SECRET_HEADER]: secret } : {},
          signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
        });
        await response.body?.cancel();
        // deploy/nginx answers 200 to a purge; a 404 means the address is not its purge location.
        const ok = response.ok;
        if (!ok) log.error(`[revalidate] purging ${url.href} answered ${response.status}`);
        return { url: url.href, ok, detail: String(response.status) };
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        log.error(`[revalidate] purging ${url.href} failed: ${detail}`);
        return { url: url.href, ok: false, detail };
      }
    }),
  );
}
