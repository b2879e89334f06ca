import { after, NextResponse, type NextRequest } from "next/server";

import { markEveryPageStale, rerenderChangedPages } from "@/features/publish";
import { BodyTooLargeError, readTextUpTo } from "@/lib/net/bounded-body";
import { getEnv } from "@/lib/env/env";
import { loggerFor } from "@/lib/log/logger.mjs";
import { siteMetrics } from "@/lib/metrics/site-metrics.mjs";
import { NO_STORE } from "@/lib/cache/lifetimes.mjs";
import { bundledContent, contentSource } from "@/lib/prismic/content-source";
import { markRedirectTableStale } from "@/lib/routing/redirect-table";
import { sameSecret } from "@/lib/security/same-secret.mjs";

/**
 * Prismic's publish webhook: POST a JSON body whose `secret` equals
 * PRISMIC_WEBHOOK_SECRET, and every page is marked stale on every instance sharing the cache (each
 * serves its last good version until a new one has rendered); the pages the publish changed are
 * rendered anew in the background, then the reverse proxies in PROXY_PURGE_URLS are purged
 * (features/publish); this instance reads the editors' redirects again.
 * A body that is not JSON is a 415, over WEBHOOK_BODY_LIMIT a 413, malformed a
 * 400, and a wrong or missing secret a 401; none revalidates anything.
 */

/** Prismic's payload names the changed documents: generous for a large release, bounded for anyone else. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

function reply(status: number, body: object) {
  return NextResponse.json(body, { status, headers: NO_STORE });
}

export async function POST(request: NextRequest) {
  const response = await receive(request);
  siteMetrics().webhookCalls.inc({
    outcome: response.status === 200 ? "revalidated" : String(response.status),
  });
  return response;
}

async function receive(request: NextRequest) {
  const expected = getEnv().PRISMIC_WEBHOOK_SECRET;
  const log = loggerFor(request.headers);
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/([\w.-]+\+)?json\s*(;|$)/i.test(type)) {
    return reply(415, { error: "The body must be sent as application/json, as Prismic's webhook sends it" });
  }
  let body: unknown;
  try {
    body = JSON.parse(await readTextUpTo(request, WEBHOOK_BODY_LIMIT));
  } catch (error) {
    if (error instanceof BodyTooLargeError) return reply(413, { error: error.message });
    return reply(400, { error: "The body must be JSON, as Prismic's webhook sends it" });
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return reply(400, { error: "The body must be a JSON object" });
  }
  const secret = (body as { secret?: unknown }).secret;
  if (!expected) {
    log.error("[revalidate] PRISMIC_WEBHOOK_SECRET is not set: refusing every webhook call");
    return reply(401, { error: "Webhook secret not configured on this server" });
  }
  if (typeof secret !== "string" || !sameSecret(secret, expected)) {
    return reply(401, { error: "Invalid webhook secret" });
  }
  // The files are read again before the answer: what runs after it (the editors' redirects, the
  // pages rendered anew) reads what was just published. A hosted one must not spin up a store.
  if (contentSource().bundled) await bundledContent().reload();
  // The editors' redirects are read again on this instance's next 404 (the others' within 5 s).
  markRedirectTableStale();
  markEveryPageStale();
  // Once this answer is sent, by which time Next has passed the marks to the cache (Redis, for every
  // instance).
  after(() => rerenderChangedPages(body));
  return reply(200, { revalidated: true, now: Date.now() });
}
