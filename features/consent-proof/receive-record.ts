/**
 * `POST /api/consent`: records one choice. Bad input is answered with its reason and records
 * nothing; a record is acknowledged (201) only once it is on the disk.
 *
 * 201 recorded · 400 malformed · 413 too large · 415 not JSON · 422 unknown version or choices
 * that do not fit it · 429 over the client's rate limit · 503 the store failed · 507 the store
 * is at its bound. Each outcome is counted in `site_consent_records_total`.
 */
import { siteMetrics } from "@/lib/metrics/site-metrics.mjs";
import { logger } from "@/lib/log/logger.mjs";
import { BodyTooLargeError, readTextUpTo } from "@/lib/net/bounded-body";
import { clientAddress } from "@/lib/net/client-address";
import { NO_STORE } from "@/lib/cache/lifetimes.mjs";
import { clientKey } from "@/lib/rate-limit/client-key";
import type { RateLimiter } from "@/lib/rate-limit/shared-rate-limit";

import { versionServices, type NoticeWords } from "./notice-words";
import { MAX_RECORD_BYTES, mismatch, recordRequestSchema } from "./record-request";
import type { RecordStore } from "./record-store";

export type RecordOutcome =
  | "recorded"
  | "malformed"
  | "too_large"
  | "not_json"
  | "unknown_version"
  | "mismatch"
  | "rate_limited"
  | "failed"
  | "full";

export interface RecordReceiverOptions {
  store: RecordStore;
  limiter: RateLimiter;
  /** The words the site shows now: a version not yet in the store is kept when it is these. */
  currentWords: () => Promise<NoticeWords>;
  retentionDays: number;
  now?: () => number;
  count?: (outcome: RecordOutcome) => void;
  log?: Pick<typeof logger, "error">;
}

function answer(status: number, body: Record<string, unknown>): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

export function createRecordReceiver({
  store,
  limiter,
  currentWords,
  retentionDays,
  now = Date.now,
  count = (outcome) => siteMetrics().consentRecords.inc({ outcome }),
  log = logger,
}: RecordReceiverOptions) {
  // Said once when the store reaches its bound, again only after it has taken a record since.
  let fullSaid = false;
  const refuse = (outcome: RecordOutcome, status: number, error: string) => {
    count(outcome);
    return answer(status, { error });
  };

  return async function receiveRecord(request: Request): Promise<Response> {
    const type = request.headers.get("content-type") ?? "";
    if (!/^application\/json\s*(?:;|$)/i.test(type))
      return refuse("not_json", 415, "send the record as application/json");
    let text: string;
    try {
      text = await readTextUpTo(request, MAX_RECORD_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLargeError)
        return refuse("too_large", 413, `a record is at most ${MAX_RECORD_BYTES} bytes`);
      return refuse("malformed", 400, "the body is not UTF-8 text");
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return refuse("malformed", 400, "the body is not JSON");
    }
    const parsed = recordRequestSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue.path.length > 0 ? issue.path.join(".") : "the record";
      return refuse("malformed", 400, `${where}: ${issue.message}`);
    }
    const record = parsed.data;
    const time = now();
    if (!(await limiter.take(clientKey(clientAddress(request.headers.get("x-forwarded-for"))), time)))
      return refuse("rate_limited", 429, "too many records from this address; try again later");

    let version;
    try {
      version = await store.version(record.version);
      if (!version) {
        const current = await store.registerVersion(await currentWords());
        if (current.id === record.version) version = current;
      }
    } catch (error) {
      log.error({ err: error }, "[consent] the notice versions could not be read or kept");
      return refuse("failed", 503, "the record could not be checked; it will be sent again");
    }
    const services = version ? versionServices(version.words, record.lang) : undefined;
    if (!services) return refuse("unknown_version", 422, "this notice version is unknown");
    const problem = mismatch(record, services, time, retentionDays * 86_400_000);
    if (problem) return refuse("mismatch", 422, problem);

    const recordedAt = new Date(time).toISOString();
    try {
      const outcome = await store.append({
        consentId: record.consentId,
        version: record.version,
        kind: record.kind,
        lang: record.lang,
        choices: record.choices,
        choiceAt: new Date(record.choiceAt).toISOString(),
        recordedAt,
      });
      if (outcome === "full") {
        if (!fullSaid)
          log.error("[consent] the consent store is at CONSENT_STORE_MAX_MB: records are refused");
        fullSaid = true;
        return refuse("full", 507, "the consent store is full");
      }
    } catch (error) {
      log.error({ err: error }, "[consent] a record could not be written");
      return refuse("failed", 503, "the record could not be written; it will be sent again");
    }
    fullSaid = false;
    count("recorded");
    return answer(201, { consentId: record.consentId, recordedAt });
  };
}
