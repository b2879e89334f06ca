/** A number of hits per window: CONTACT_RATE_LIMIT and CONSENT_RATE_LIMIT, "5/600". */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** A sliding-window counter per client, in memory (one per server instance), bounded in size. */
export function createRateLimiter(limit: RateLimit, maxClients = 10_000) {
  const hits = new Map<string, number[]>();
  return {
    /** Records a message from `client` at `now`; false when it is over the limit (nothing recorded then). */
    take(client: string, now: number): boolean {
      const recent = (hits.get(client) ?? []).filter((time) => now - time < limit.windowMs);
      if (recent.length >= limit.max) {
        hits.set(client, recent);
        return false;
      }
      recent.push(now);
      hits.delete(client);
      hits.set(client, recent);
      // Oldest clients go first when the map is full, so memory stays bounded under a flood.
      if (hits.size > maxClients) hits.delete(hits.keys().next().value as string);
      return true;
    },
  };
}
