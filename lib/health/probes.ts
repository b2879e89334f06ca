import { readFileSync } from "node:fs";
import path from "node:path";

import { createClient } from "@redis/client";

import { buildDir } from "@/lib/env/build-dir";
import { readyWithin, redisClientOptions } from "@/lib/cache/shared-cache.mjs";
import { getEnv, type Env } from "@/lib/env/env";
import { contentSource } from "@/lib/prismic/content-source";

/** A health check waits this long for each dependency. */
export const PROBE_TIMEOUT_MS = 2_000;

let buildIdCache: string | undefined;

/** The id of the build this server runs (the same on every instance of one deployment). */
export function buildId(): string {
  buildIdCache ??= readFileSync(path.join(process.cwd(), buildDir(), "BUILD_ID"), "utf8").trim();
  return buildIdCache;
}

/** Whether the content source answers its API root (the bundled repository: whether it reads). */
export async function contentAnswers(env: Env = getEnv()): Promise<boolean> {
  const source = contentSource({ ...env, PRISMIC_REQUEST_TIMEOUT_MS: PROBE_TIMEOUT_MS });
  const url = new URL(source.endpoint);
  if (source.accessToken) url.searchParams.set("access_token", source.accessToken);
  try {
    const response = await source.fetch(url);
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

type Client = ReturnType<typeof createClient>;
let redisClient: Client | undefined;

/** One connection for health checks, kept open and reconnecting like the cache's own. */
function healthClient(url: string): Client {
  if (!redisClient) {
    redisClient = createClient(redisClientOptions(url));
    // The cache handler reports outages; this connection's errors would repeat them.
    redisClient.on("error", () => undefined);
    redisClient.connect().catch(() => undefined);
  }
  return redisClient;
}

/** Whether the shared cache answers PING; undefined when no REDIS_URL is set. */
export async function redisAnswers(env: Pick<Env, "REDIS_URL"> = getEnv()): Promise<boolean | undefined> {
  const url = env.REDIS_URL;
  if (!url) return undefined;
  const client = healthClient(url);
  await readyWithin(client, PROBE_TIMEOUT_MS);
  if (!client.isReady) return false;
  try {
    return (await client.withAbortSignal(AbortSignal.timeout(PROBE_TIMEOUT_MS)).ping()) === "PONG";
  } catch {
    return false;
  }
}
