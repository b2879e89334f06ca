import { createClient } from "@redis/client";

import { COMMAND_TIMEOUT_MS, readyWithin, redisClientOptions } from "@/lib/cache/shared-cache.mjs";
import { getEnv, type Env } from "@/lib/env/env";
import { siteMetrics } from "@/lib/metrics/site-metrics.mjs";
import { logger } from "@/lib/log/logger.mjs";

import { createRateLimiter, type RateLimit } from "./memory-rate-limit";

/**
 * A per-client rate limit (the contact form's, the consent records') as every instance sees it.
 * With REDIS_URL, the hits of each client (its key: clientKey) are counted in Redis, one sliding window per client, so several
 * instances behind a balancer share one limit; while Redis is away, each instance counts in its
 * own memory (a limit per instance is better than none, and the site keeps answering), and says so
 * once. Without REDIS_URL, memory only.
 */

export interface RateLimiter {
  /** Records a hit from `client` at `now`; false when it is over the limit (nothing recorded then). */
  take(client: string, now: number): Promise<boolean>;
}

/**
 * One atomic step: forget hits older than the window, refuse when the window is full, else record
 * this one (a unique member per hit) and keep the key as long as the window.
 */
const SLIDING_WINDOW = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

/** What the limiter needs of a Redis connection (tests drive it with a real one). */
export interface ScriptRunner {
  readonly isReady: boolean;
  /** Resolves once the connection was first made, or given up on. */
  ready?: () => Promise<void>;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

export interface SharedRateLimiterOptions {
  client: ScriptRunner;
  /** First part of every key (REDIS_KEY_PREFIX). */
  prefix: string;
  limit: RateLimit;
  /** What is limited, in its keys, metrics and log lines: "contact", "consent". */
  name: string;
  /** Where lines go: the outage once, the recovery once. */
  log?: Pick<typeof logger, "error" | "info">;
}

export function createSharedRateLimiter({
  client,
  prefix,
  limit,
  name,
  log = logger,
}: SharedRateLimiterOptions): RateLimiter {
  const memory = createRateLimiter(limit);
  let down = false;
  let sequence = 0;
  const fallBack = (client: string, now: number, reason: string) => {
    siteMetrics().redisFallbacks.inc({ operation: `${name}_rate_limit` });
    if (!down) {
      log.error(
        `[${name}] Redis unavailable (${reason}): the rate limit counts per instance until it is back`,
      );
      down = true;
    }
    return memory.take(client, now);
  };
  return {
    async take(key, now) {
      await client.ready?.();
      if (!client.isReady) return fallBack(key, now, "not connected");
      try {
        const allowed = await client.eval(SLIDING_WINDOW, {
          keys: [`${prefix}:${name}-rate:${key}`],
          arguments: [
            String(now),
            String(limit.windowMs),
            String(limit.max),
            `${now}-${process.pid}-${sequence++}`,
          ],
        });
        if (down) {
          down = false;
          log.info(`[${name}] Redis reachable again: the rate limit is shared by every instance`);
        }
        return allowed === 1;
      } catch (error) {
        return fallBack(key, now, error instanceof Error ? error.message : String(error));
      }
    },
  };
}

/** A limiter of the site: shared through Redis when REDIS_URL is set, else this instance's memory. */
export function siteRateLimiter(
  name: string,
  limit: RateLimit,
  env: Pick<Env, "REDIS_URL" | "REDIS_KEY_PREFIX"> = getEnv(),
): RateLimiter {
  if (!env.REDIS_URL) {
    const memory = createRateLimiter(limit);
    return { take: async (client, now) => memory.take(client, now) };
  }
  const client = createClient(redisClientOptions(env.REDIS_URL));
  // Failures are reported by the limiter (once per outage); the client keeps reconnecting.
  client.on("error", () => undefined);
  client.connect().catch(() => undefined);
  // The first hits wait for the first connection (at most the command deadline), so an
  // instance just started counts in Redis like the others; later outages fall back at once.
  const firstConnection = readyWithin(client, COMMAND_TIMEOUT_MS);
  const runner: ScriptRunner = {
    get isReady() {
      return client.isReady;
    },
    ready: () => firstConnection,
    // A slow Redis must not hold the answer: past the deadline, the instance's own count decides.
    eval: (script, options) =>
      client.withAbortSignal(AbortSignal.timeout(COMMAND_TIMEOUT_MS)).eval(script, options),
  };
  return createSharedRateLimiter({ client: runner, prefix: env.REDIS_KEY_PREFIX, limit, name });
}
