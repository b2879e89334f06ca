import { getEnv, type Env } from "@/lib/env/env";

/** TRUST_PROXY: how many proxies in front append to X-Forwarded-For ("true" is one; unset is none). */
export function trustedProxies(env: Pick<Env, "TRUST_PROXY"> = getEnv()): number {
  return env.TRUST_PROXY;
}

/**
 * The client's address. Behind `hops` trusted proxies, each appended the
 * address it saw, so the client is the entry `hops` from the right; anything
 * further left was sent by the client itself. With no trusted proxy, Next.js
 * fills X-Forwarded-For with the socket's address only when the request has
 * none, so the last entry is the best there is (see the README).
 */
export function clientAddress(forwardedFor: string | null, hops: number = trustedProxies()): string {
  const entries = (forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const index = hops > 0 ? entries.length - hops : entries.length - 1;
  return (entries[Math.max(0, index)] ?? "unknown").slice(0, 64);
}
