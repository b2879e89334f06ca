// @ts-check
/**
 * The ISR and data cache handler of `npm start` (next.config.ts names this file for the production
 * server). With REDIS_URL set as the server starts, the cache every instance shares, in Redis:
 * built on @fortedigital/nextjs-cache-handler (its Redis strings handler); what is ours is in
 * lib/cache/shared-cache.mjs. Without it, Next's own handler (memory, and the build folder on disk),
 * as Next would use it. Either way its page renders are timed for the metrics
 * (lib/metrics/isr-timing.mjs). Next imports this file at run time, uncompiled: plain JavaScript.
 */
import path from "node:path";

import { CacheHandler } from "@fortedigital/nextjs-cache-handler";
import { registerInitialCache } from "@fortedigital/nextjs-cache-handler/instrumentation";
import createRedisHandler from "@fortedigital/nextjs-cache-handler/redis-strings";
import { createClient } from "@redis/client";
import fileSystemCache from "next/dist/server/lib/incremental-cache/file-system-cache.js";
import { tagsManifest } from "next/dist/server/lib/incremental-cache/tags-manifest.external.js";

import { EXPIRE_SECONDS } from "./lib/cache/lifetimes.mjs";
import {
  cacheKeyPrefix,
  COMMAND_TIMEOUT_MS,
  createOutageReporter,
  readyWithin,
  redisClientOptions,
  withOutageFallback,
  withStoredLifetime,
} from "./lib/cache/shared-cache.mjs";
import { appPathOfCacheKey, seededAt, seedKey } from "./lib/cache/build-seed.mjs";
import { seedRefreshes } from "./lib/cache/seed-refresh.mjs";
import { NEXT_RENDER_ANEW_HEADER, renderAnew, rerenderAccessFrom } from "./lib/cache/rerender-handoff.mjs";
import { documentTarget, FRONT_HEADERS } from "./server/request-target.mjs";
import { sharedTagMarks } from "./lib/cache/tag-marks.mjs";
import { measuredCacheHandler } from "./lib/metrics/isr-timing.mjs";
import { siteMetrics } from "./lib/metrics/site-metrics.mjs";
import { startEnv } from "./lib/env/runtime-env.mjs";

/** How long the first request waits for a Redis that is up to answer, before rendering without it. */
const FIRST_CONNECT_WAIT_MS = 2_000;
/** Longer than any route's revalidate (the sitemaps' 60 s): a seeded page is stale at once. */
const SEED_STALE_AFTER_SECONDS = 120;

/** The publish marks every instance shares (lib/cache/tag-marks.mjs), once Redis is configured. */
/** @type {ReturnType<typeof sharedTagMarks> | undefined} */
let marks;
/**
 * Seeded pages' fresh renders, by app path: the first requests for one wait 2 s for its render
 * before taking the seed, the render going on for up to 30 s (as long as a publish's) without
 * another being asked; after a failure its requests take the seed for 2 s without asking again.
 */
const seedRefresh = seedRefreshes({ waitMs: 2_000, settleMs: 30_000, backoffMs: 2_000 });

/** Marks a page seeded from the build (a field of its stored value, which Next leaves alone). */
const SEEDED = "seededFromBuild";
/** A stored page rendered by this build's server, not seeded. @param {any} entry */
const isRendered = (entry) => Boolean(entry) && !entry.value?.[SEEDED];
/** The build's server folder, where each prerendered page's .meta names its cache key. */
let serverDir = "";

CacheHandler.onCreation(async ({ serverDistDir, buildId }) => {
  serverDir = serverDistDir;
  const reporter = createOutageReporter();
  const client = createClient(redisClientOptions(String(startEnv().REDIS_URL)));
  // The pages this build prerendered, written where no instance has written a newer render yet: a page
  // is served from the build even when the content service is down. Again after every reconnection,
  // in case Redis came back empty.
  const seed = () =>
    registerInitialCache(SharedCacheHandler, {
      buildDir: path.relative(process.cwd(), path.dirname(serverDistDir)),
      setOnlyIfNotExists: true,
    }).catch((error) => reporter.failed(error));
  client.on("error", (error) => reporter.failed(error));
  client.on("ready", () => {
    reporter.recovered();
    void seed();
  });
  // A failed first connection is reported through "error"; the client keeps trying (reconnectDelay).
  client.connect().catch(() => undefined);
  await readyWithin(client, FIRST_CONNECT_WAIT_MS);

  marks = sharedTagMarks({
    store: () => (client.isReady ? client : undefined),
    key: `${cacheKeyPrefix(buildId)}__tag_marks__`,
    manifest: tagsManifest,
    keepSeconds: EXPIRE_SECONDS,
    failed: (error) => reporter.failed(error),
  });
  const redis = createRedisHandler({
    client,
    keyPrefix: cacheKeyPrefix(buildId),
    timeoutMs: COMMAND_TIMEOUT_MS,
    // One SET with its expiry: an entry written only if absent keeps its own expiry.
    keyExpirationStrategy: "EXAT",
  });
  return {
    handlers: [withOutageFallback(redis, reporter)],
    // Kept as long as a cache in front may serve it stale (Next's expireTime), whatever its revalidate.
    ttl: { estimateExpireAge: (staleAge) => Math.max(staleAge, EXPIRE_SECONDS) },
  };
});

// Next's own handler (a CommonJS module: its class is the `default` export; its types say otherwise).
const FileSystemCache = /** @type {{ default: typeof fileSystemCache }} */ (
  /** @type {unknown} */ (fileSystemCache)
).default;
/**
 * The Redis handler as a publish needs it: marks shared, pages kept. revalidateTag records the marks
 * (Next passes "max"'s durations: stale now) instead of deleting the tagged pages; a read first
 * takes in the marks other instances made, so Next serves a marked page while a fresh one renders
 * and keeps it if that render fails. Pages seeded from the build go where Next reads them and are
 * stale at once (lib/cache/build-seed.mjs); the first request for one gets it rendered anew.
 */
class SharedCacheHandler extends withStoredLifetime(CacheHandler) {
  /** Whether this handler serves a render asked for anew (Next makes one handler per request). */
  #rendersAnew = false;
  /** The request's headers, as Next passes them. */
  #headers = /** @type {Record<string, unknown>} */ ({});

  /** @param {any} context Next's, the request's headers among the rest */
  constructor(context) {
    super(context);
    this.#headers = context?._requestHeaders ?? {};
    // The front's mark too: a fresh render the request router passed on without Next's header (its
    // own rewrite to the 404 page) is one all the same, and asking for the page again would ask for
    // this very URL, a request that would wait for this one.
    this.#rendersAnew = Boolean(
      this.#headers[NEXT_RENDER_ANEW_HEADER] || this.#headers[FRONT_HEADERS.renderAnew],
    );
  }

  /**
   * The page's public URL as the front passed the request on, without Next's navigation hash.
   * Worked out only when a seeded page is to be rendered anew: Next makes a handler for every
   * request, and nearly none meets a seed.
   */
  #target() {
    const target = this.#headers[FRONT_HEADERS.target];
    return typeof target === "string" ? documentTarget(target) : undefined;
  }

  /** @param {any[]} args key, ctx */
  async get(...args) {
    const entry = await super.get(...args);
    await marks?.sync();
    if (!entry?.value?.[SEEDED] || this.#rendersAnew) return entry;
    return (await this.#renderedInsteadOfSeed(args)) ?? entry;
  }

  /**
   * The first request for a page seeded from the build (Redis came back empty) waits for a fresh
   * render of it, asked of this server at the URL the request came for, as a publish asks
   * (server/rerender-gate.mjs), and gets that; if the render fails (the content service down), the
   * seed, stale, and if it takes longer than the wait, the seed while the render goes on.
   * @param {any[]} args key, ctx
   */
  async #renderedInsteadOfSeed(args) {
    const appPath = appPathOfCacheKey(String(args[0]));
    if (!appPath?.startsWith("/") || !rerenderAccessFrom(globalThis)) return undefined;
    const fresh = await seedRefresh.rendered(appPath, (timeoutMs) => {
      const target = this.#target();
      if (!target) return undefined;
      // Answered without a render stored (a redirect, a 404 the content decided): failed, so that
      // every visitor meanwhile does not ask again.
      return renderAnew(globalThis, target, timeoutMs).then(
        async (outcome) => outcome?.rendered === true && isRendered(await super.get(...args)),
      );
    });
    if (!fresh) return undefined;
    const rendered = await super.get(...args);
    return isRendered(rendered) ? rendered : undefined;
  }

  /** @param {any[]} args key, data, ctx */
  async set(...args) {
    const [key, data, ctx, ...rest] = args;
    const seed = ctx?.internal_lastModified;
    const lifetimes = { staleAfterSeconds: SEED_STALE_AFTER_SECONDS, expireSeconds: EXPIRE_SECONDS };
    if (typeof seed === "number") {
      const value = data && typeof data === "object" ? { ...data, [SEEDED]: true } : data;
      const lastModified = seededAt(seed, Date.now(), lifetimes);
      return super.set(
        await seedKey(serverDir, key),
        value,
        { ...ctx, internal_lastModified: lastModified },
        ...rest,
      );
    }
    // A seeded page Next stores again after a failed render (to space out its retries) stays stale:
    // the build's page is never served as fresh.
    if (data?.[SEEDED]) {
      const lastModified = seededAt(Date.now(), Date.now(), lifetimes);
      return super.set(key, data, { ...ctx, internal_lastModified: lastModified }, ...rest);
    }
    return super.set(...args);
  }

  /** @param {string | string[]} tags @param {{ expire?: number }} [durations] */
  async revalidateTag(tags, durations) {
    await marks?.mark(typeof tags === "string" ? [tags] : tags, durations);
  }
}

const metrics = siteMetrics();
export default measuredCacheHandler(
  startEnv().REDIS_URL ? SharedCacheHandler : FileSystemCache,
  metrics,
  (internalPath) => metrics.hooks.renderKindOf(internalPath),
);
