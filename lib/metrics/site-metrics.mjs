// @ts-check
/**
 * The site's Prometheus metrics (prom-client): one registry per process, found on globalThis, so
 * server.mjs and cache-handler.mjs (loaded by Node) and Next's bundles (route handlers, the content
 * fetch, the contact action) count into the same one. Plain JavaScript for the files Node loads
 * uncompiled. Served by `npm start` at GET /api/metrics (server/metrics-endpoint.mjs).
 *
 * Labels have fixed, small sets of values (page types, statuses, kinds of query, outcomes): nothing
 * from a request (a path, a uid, an address) becomes a label, so a scanner cannot grow the registry.
 */
import client from "prom-client";

import { logger } from "../log/logger.mjs";
import { scrapeProbe } from "./scrape-probe.mjs";

/**
 * A page type as counted: the site's page types, the other things it serves, or "other"
 * (lib/metrics/request-kind.ts lists them).
 * @typedef {string} RequestKind
 */

/** Seconds: a cached page in a millisecond, a cold render in one or two, a slow content API in ten. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * How long a scrape waits for a look at the contact outbox: far below Prometheus's scrape timeout
 * (10 s), so a folder that hangs shows as a 0 rather than as a failed scrape of every metric.
 */
export const OUTBOX_PROBE_TIMEOUT_MS = 2000;

/** Contact message outcomes, each counted from 0 as the process starts (see contactMessages). */
const CONTACT_OUTCOMES = ["sent", "queued", "lost"];

/**
 * @param {client.Registry} registry @param {SiteHooks} hooks
 * @param {{ warn(message: string): void; info(message: string): void }} log
 */
function define(registry, hooks, log) {
  const registers = [registry];
  /** @param {string} name @param {string} help @param {() => number | undefined | Promise<number | undefined>} read */
  const probedGauge = (name, help, read) =>
    new client.Gauge({
      name,
      help,
      registers,
      async collect() {
        const value = await read();
        if (value !== undefined) this.set(value);
      },
    });
  // Looked at when scraped (a readdir, a probe write: no content call, no Redis), each on its own
  // deadline, so a folder that cannot be read or hangs is a 0 in its gauge, never a failed scrape.
  const readOutbox = scrapeProbe(() => hooks.outboxCount(), {
    timeoutMs: OUTBOX_PROBE_TIMEOUT_MS,
    what: "reading the contact outbox",
    log,
  });
  const writeOutbox = scrapeProbe(() => hooks.outboxWritable(), {
    timeoutMs: OUTBOX_PROBE_TIMEOUT_MS,
    what: "writing into the contact outbox",
    log,
  });
  /** @param {string} name @param {string} help @param {string[]} [labelNames] */
  const counter = (name, help, labelNames = []) => new client.Counter({ name, help, labelNames, registers });
  /** @param {string} name @param {string} help @param {string[]} labelNames */
  const histogram = (name, help, labelNames) =>
    new client.Histogram({ name, help, labelNames, buckets: DURATION_BUCKETS, registers });
  return {
    registry,
    requests: counter(
      "site_http_requests_total",
      "Requests answered by this instance, by page type and status",
      ["page_type", "status"],
    ),
    requestSeconds: histogram(
      "site_http_request_duration_seconds",
      "Time from a request's arrival to its answer's end, by page type and ISR cache state",
      ["page_type", "cache"],
    ),
    isrCache: counter(
      "site_isr_cache_total",
      "Page lookups in the ISR cache (memory and disk, or Redis) as Next answered them (x-nextjs-cache): hit, stale (served while regenerating) or miss",
      ["result"],
    ),
    renderSeconds: histogram(
      "site_render_duration_seconds",
      "Renders of a page the ISR cache did not hold, from the lookup to the stored result",
      ["page_type"],
    ),
    regenerationSeconds: histogram(
      "site_regeneration_duration_seconds",
      "Background renders of a stale page, from the lookup to the stored result",
      ["page_type"],
    ),
    contentRequests: counter(
      "site_content_requests_total",
      "Requests to the content API by kind of query and outcome (ok, or the kind of error)",
      ["query", "outcome"],
    ),
    contentSeconds: histogram(
      "site_content_request_duration_seconds",
      "Content API latency by kind of query",
      ["query"],
    ),
    redisFallbacks: counter(
      "site_redis_fallbacks_total",
      "Operations that went without Redis (it failed or was away): the cache rendered, the limit counted in memory",
      ["operation"],
    ),
    consentRecords: counter(
      "site_consent_records_total",
      "Consent records by outcome: recorded, or refused (malformed, too_large, not_json, unknown_version, mismatch, rate_limited, full, failed)",
      ["outcome"],
    ),
    webhookCalls: counter("site_webhook_calls_total", "Calls of the publish webhook by outcome", ["outcome"]),
    publishSeconds: new client.Histogram({
      name: "site_publish_to_live_seconds",
      help: "From a publish (the webhook) to every page it changed rendered anew or given up and the proxies purged, per batch of publishes",
      buckets: [1, 2, 5, 10, 30, 60, 120, 300, 600, 1800, 3600],
      registers,
    }),
    publishRenders: counter(
      "site_publish_renders_total",
      "Pages rendered anew after a publish, by outcome: rendered, or failed (every retry failed; the last good page still serves)",
      ["outcome"],
    ),
    publishQueue: new client.Gauge({
      name: "site_publish_queue_pages",
      help: "Pages waiting to be rendered anew after a publish (first tries and retries)",
      registers,
    }),
    purges: counter("site_proxy_purges_total", "Purges of the proxies' caches after a publish, by outcome", [
      "outcome",
    ]),
    contactMessages: contactCounter(
      counter(
        "site_contact_messages_total",
        "Contact messages by outcome: sent over SMTP, queued in the outbox, or lost (it could not be written to the outbox)",
        ["outcome"],
      ),
    ),
    // The last count read: while the folder cannot be read it keeps its value, and
    // site_contact_outbox_readable says it is not current.
    outboxDepth: probedGauge(
      "site_contact_outbox_messages",
      "Contact messages waiting in the outbox (npm run outbox:flush sends them), as last read",
      async () => {
        const outcome = await readOutbox();
        return outcome.ok ? outcome.value : undefined;
      },
    ),
    outboxReadable: probedGauge(
      "site_contact_outbox_readable",
      "1 when the contact outbox could be listed at this scrape, else 0 (the log says why)",
      async () => ((await readOutbox()).ok ? 1 : 0),
    ),
    outboxWritable: probedGauge(
      "site_contact_outbox_writable",
      "1 when a file could be written, synced and removed in the contact outbox at this scrape, as a message is, else 0 (the log says why)",
      async () => ((await writeOutbox()).ok ? 1 : 0),
    ),
  };
}

/**
 * Every outcome starts at 0: Prometheus's increase() sees a series only from its second sample, so
 * a series born at 1 (the first message lost since the start) would never count as an increase.
 * @param {client.Counter<string>} counter
 */
function contactCounter(counter) {
  for (const outcome of CONTACT_OUTCOMES) counter.inc({ outcome }, 0);
  return counter;
}

/**
 * @typedef {object} SiteHooks What only the site's compiled code knows, set as the server starts
 *   (instrumentation.ts): the page type of a public path as the request router reads it, of an ISR
 *   entry's app path, how many messages wait in the contact outbox and whether one can be written.
 * @property {(pathname: string) => RequestKind} requestKindOf
 * @property {(internalPath: string) => RequestKind} renderKindOf
 * @property {() => Promise<number>} outboxCount
 * @property {() => Promise<void>} outboxWritable rejects, with a reason an operator can act on,
 *   when a message could not be written into the outbox
 */

/** @typedef {ReturnType<typeof define> & { hooks: SiteHooks }} SiteMetrics */

/**
 * A fresh registry with every metric and Node's process metrics (tests make their own, and may
 * take the lines its probes log).
 * @param {{ log?: { warn(message: string): void; info(message: string): void } }} [options]
 */
export function createSiteMetrics({ log = logger } = {}) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  /** @type {SiteHooks} */
  const hooks = {
    requestKindOf: () => "other",
    renderKindOf: () => "other",
    outboxCount: async () => 0,
    outboxWritable: async () => {},
  };
  /** @type {SiteMetrics} */
  const metrics = { ...define(registry, hooks, log), hooks };
  return metrics;
}

const KEY = Symbol.for("vifargent.metrics");

/** The process's metrics, created on first use. */
export function siteMetrics() {
  const holder = /** @type {Record<symbol, SiteMetrics | undefined>} */ (globalThis);
  holder[KEY] ??= createSiteMetrics();
  return holder[KEY];
}
