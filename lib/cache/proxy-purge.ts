/**
 * After a publish, the pages cached by the reverse proxies in front (nginx with
 * deploy/nginx/site.conf) are dropped at once instead of at the end of their
 * s-maxage: one PURGE per URL in PROXY_PURGE_URLS (comma-separated, one per
 * proxy), each a purge-everything address of that proxy.
 */

/** A proxy that does not answer within this is reported, not waited for: its cache then expires by itself. */
export const PURGE_TIMEOUT_MS = 2_000;

export interface PurgeResult {
  url: string;
  ok: boolean;
  detail: string;
}

export function proxyPurgeUrls(env: Record<string, string | undefined> = process.env): URL[] {
  const raw = env.PROXY_PURGE_URLS?.trim();
  if (!raw) return [];
  return raw.split(",").map((entry) => {
    const value = entry.trim();
    if (!/^https?:\/\//.test(value))
      throw new Error(`PROXY_PURGE_URLS must list http(s) URLs, got "${value}"`);
    return new URL(value);
  });
}

/** Purges every configured proxy; a failure is logged and returned, never thrown (the publish itself stands). */
export async function purgeProxyCaches(urls: URL[]): Promise<PurgeResult[]> {
  return Promise.all(
    urls.map(async (url): Promise<PurgeResult> => {
      try {
        const response = await fetch(url, {
          method: "PURGE",
          signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
        });
        await response.body?.cancel();
        // deploy/nginx answers 200 to a purge; a 404 means the address is not its purge location.
        const ok = response.ok;
        if (!ok) console.error(`[revalidate] purging ${url.href} answered ${response.status}`);
        return { url: url.href, ok, detail: String(response.status) };
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        console.error(`[revalidate] purging ${url.href} failed: ${detail}`);
        return { url: url.href, ok: false, detail };
      }
    }),
  );
}
