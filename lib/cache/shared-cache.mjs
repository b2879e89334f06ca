// @ts-check
/**
 * The parts of the shared (Redis) cache that are ours: where a build's entries
 * live, how often an outage is reported, and a handler wrapper that turns every
 * Redis failure into a cache miss, so pages render instead of failing.
 * Plain JavaScript: Next loads cache-handler.mjs at run time without compiling it.
 */

import { logger } from "../log/logger.mjs";
import { siteMetrics } from "../metrics/site-metrics.mjs";
import { startEnv } from "../env/runtime-env.mjs";

/** At most one report per minute while Redis stays away: a dead cache must not flood the log. */
export const OUTAGE_REPORT_INTERVAL_MS = 60_000;

/** Milliseconds a Redis command may take before the page renders without it. */
export const COMMAND_TIMEOUT_MS = 1_000;

/**
 * Every key of a build starts with its build id, so two deployments sharing one
 * Redis never read each other's pages; REDIS_KEY_PREFIX separates sites.
 * @param {string | undefined} buildId
 * @param {Pick<import("../env/runtime-env.mjs").StartEnv, "REDIS_KEY_PREFIX">} [env]
 */
export function cacheKeyPrefix(buildId, env = startEnv()) {
  const id = buildId?.trim();
  if (!id) throw new Error("The shared cache needs the build id (.next/BUILD_ID): run `npm run build` first");
  return `${env.REDIS_KEY_PREFIX}:${id}:`;
}

/**
 * Wait before the next reconnection attempt: quick at first, then every 2 s, forever,
 * so the cache is picked up again soon after Redis is back.
 * @param {number} retries
 */
export function reconnectDelay(retries) {
  return Math.min(250 * (retries + 1), 2_000);
}

/**
 * Options of every Redis connection the site opens (the cache's, the health check's): a command
 * sent while Redis is away fails at once instead of waiting in a queue, and the client keeps
 * reconnecting.
 * @param {string} url
 */
export function redisClientOptions(url) {
  return {
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: COMMAND_TIMEOUT_MS, reconnectStrategy: reconnectDelay },
  };
}

/**
 * Resolves once the client is ready, or after `ms` either way.
 * @param {{ isReady: boolean; once(event: "ready", listener: () => void): unknown }} client
 * @param {number} ms
 * @returns {Promise<void>}
 */
export function readyWithin(client, ms) {
  if (client.isReady) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    client.once("ready", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** @param {unknown} error */
function describe(error) {
  if (error instanceof AggregateError && error.errors.length > 0) return describe(error.errors[0]);
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/**
 * @typedef {{ failed(error: unknown): void; recovered(): void; readonly down: boolean }} OutageReporter
 */

/**
 * Reports Redis outages: the first failure at once, then one line per interval
 * with how many operations fell back meanwhile, and the recovery once. Lines go to
 * `log` when given (tests), else to the logger: outages as errors, the recovery as info.
 * @param {{ log?: (line: string) => void; now?: () => number; intervalMs?: number }} [options]
 * @returns {OutageReporter}
 */
export function createOutageReporter({ log, now = Date.now, intervalMs = OUTAGE_REPORT_INTERVAL_MS } = {}) {
  /** @param {string} line */
  const failure = log ?? ((line) => logger.error(line));
  /** @param {string} line */
  const recovery = log ?? ((line) => logger.info(line));
  let down = false;
  let lastReport = 0;
  let fellBack = 0;
  return {
    failed(error) {
      fellBack += 1;
      if (down && now() - lastReport < intervalMs) return;
      failure(
        down
          ? `[cache] Redis still unavailable (${describe(error)}): ${fellBack} cache operations fell back to rendering since the last report`
          : `[cache] Redis unavailable (${describe(error)}): pages render without the shared cache until it is back`,
      );
      down = true;
      lastReport = now();
      fellBack = 0;
    },
    recovered() {
      if (!down) return;
      down = false;
      recovery("[cache] Redis reachable again: the shared cache is in use");
    },
    get down() {
      return down;
    },
  };
}

/**
 * @typedef {object} Handler
 * @property {string} name
 * @property {(key: string, meta: any) => Promise<any>} get
 * @property {(key: string, value: any, ctx?: any) => Promise<void>} set
 * @property {(tag: string) => Promise<void>} revalidateTag
 * @property {(key: string) => Promise<void>} [delete]
 * @property {() => Promise<void>} [prepare]
 */

/**
 * The handler, with each failure reported and answered as a miss (a read) or
 * nothing (a write): Next then renders the page as it would without a cache.
 * @param {Handler} handler
 * @param {OutageReporter} reporter
 * @returns {Handler}
 */
export function withOutageFallback(handler, reporter) {
  /**
   * @template T
   * @param {() => Promise<T>} operation
   * @param {T} fallback
   */
  const guarded = async (operation, fallback) => {
    try {
      return await operation();
    } catch (error) {
      reporter.failed(error);
      siteMetrics().redisFallbacks.inc({ operation: "isr_cache" });
      return fallback;
    }
  };
  return {
    name: handler.name,
    get: (key, meta) => guarded(() => handler.get(key, meta), null),
    set: (key, value, ctx) => guarded(() => handler.set(key, value, ctx), undefined),
    revalidateTag: (tag) => guarded(() => handler.revalidateTag(tag), undefined),
    delete: (key) => guarded(async () => handler.delete?.(key), undefined),
    prepare: () => guarded(async () => handler.prepare?.(), undefined),
  };
}

/**
 * A cache handler class whose entries carry their own lifetime. Next keeps a rendered page's
 * lifetime (revalidate, expire) in the memory of the instance that rendered it, and sends a page
 * without one without Cache-Control: a page first rendered by another instance (a later list
 * page, a filtered list) was served from Redis with none, so no cache in front stored it. The
 * lifetime now travels in the stored value, and a read hands it back where Next looks for it
 * (the entry's `cacheControl`).
 * @template {new (...args: any[]) => { get(...args: any[]): Promise<any>; set(...args: any[]): Promise<any> }} Base
 * @param {Base} Base
 */
export function withStoredLifetime(Base) {
  return class extends Base {
    /** @param {any[]} args key, data, ctx */
    async set(...args) {
      const [key, data, ctx, ...rest] = args;
      const lifetime = ctx?.cacheControl;
      const value = data && typeof data === "object" && lifetime ? { ...data, cacheControl: lifetime } : data;
      return super.set(key, value, ctx, ...rest);
    }

    /** @param {any[]} args key, ctx */
    async get(...args) {
      const entry = await super.get(...args);
      const lifetime = entry?.value?.cacheControl;
      return lifetime && !entry.cacheControl ? { ...entry, cacheControl: lifetime } : entry;
    }
  };
}
