import { createClient } from "@redis/client";

import { redisClientOptions } from "@/lib/cache/shared-cache.mjs";
import { startRedis, type RedisServer } from "@/test-support/redis";

import { createSharedRateLimiter, type ScriptRunner } from "./shared-rate-limit";

/**
 * The shared limit against Debian's real redis-server: two limiters stand for two instances of
 * the site; a flood of concurrent posts from one client gets exactly the limit between them; when
 * Redis goes away each counts in memory, says so once, and the form keeps answering.
 */

let redis: RedisServer;
const clients: Array<{ destroy(): void }> = [];

beforeAll(async () => {
  redis = await startRedis();
});

afterAll(async () => {
  for (const client of clients) client.destroy();
  await redis?.close();
});

async function instance(prefix: string, lines: string[] = []) {
  const client = createClient(redisClientOptions(redis.url));
  client.on("error", () => undefined);
  await client.connect();
  clients.push(client);
  const runner: ScriptRunner = {
    get isReady() {
      return client.isReady;
    },
    eval: (script, options) => client.eval(script, options),
  };
  const log = {
    error: (line: string) => void lines.push(line),
    info: (line: string) => void lines.push(line),
  };
  return createSharedRateLimiter({
    client: runner,
    prefix,
    limit: { max: 3, windowMs: 60_000 },
    name: "contact",
    log,
  });
}

test("two instances share one limit, also under a concurrent flood", async () => {
  // One site: both instances share the key prefix.
  const [a, b] = await Promise.all([instance("site-a"), instance("site-a")]);
  const now = Date.now();
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? a : b).take("2001:db8::/64", now + index)),
  );
  expect(results.filter(Boolean)).toHaveLength(3);
  // Another client has its own count; the window frees the first one later.
  expect(await a.take("192.0.2.7", now)).toBe(true);
  expect(await b.take("2001:db8::/64", now + 60_001)).toBe(true);
});

test("without Redis, each instance counts in memory and says so once", async () => {
  const lines: string[] = [];
  const limiter = await instance("site-b", lines);
  await redis.stop();
  try {
    const now = Date.now();
    const results = [];
    for (let index = 0; index < 5; index++) results.push(await limiter.take("198.51.100.1", now + index));
    expect(results).toEqual([true, true, true, false, false]);
    expect(lines.filter((line) => line.includes("Redis unavailable"))).toHaveLength(1);
  } finally {
    await redis.start();
  }
});
