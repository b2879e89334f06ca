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
import { measuredCacheHandler } from "./lib/metrics/isr-timing.mjs";
import { siteMetrics } from "./lib/metrics/site-metrics.mjs";
import { startEnv } from "./lib/runtime-env.mjs";

/** How long the first request waits for a Redis that is up to answer, before rendering without it. */
const FIRST_CONNECT_WAIT_MS = 2_000;

CacheHandler.onCreation(async ({ serverDistDir, buildId }) => {
  const reporter = createOutageReporter();
  const client = createClient(redisClientOptions(String(startEnv().REDIS_URL)));
  // The pages this build prerendered, written where no instance has written a newer render yet: a page
  // is served from the build even when the content service is down. Again after every reconnection,
  // in case Redis came back empty.
  const seed = () =>
    registerInitialCache(CacheHandler, {
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
const metrics = siteMetrics();
export default measuredCacheHandler(
  startEnv().REDIS_URL ? withStoredLifetime(CacheHandler) : FileSystemCache,
  metrics,
  (internalPath) => metrics.hooks.renderKindOf(internalPath),
);
