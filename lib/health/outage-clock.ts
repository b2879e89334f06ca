/**
 * How long a dependency has been failing: from the first failed check after a
 * success until the next success. A load balancer's health checks drive it.
 */
export interface OutageClock {
  /** Records a check; returns the milliseconds the dependency has been failing (0 when it answered). */
  observe(ok: boolean): number;
}

export function createOutageClock(now: () => number = Date.now): OutageClock {
  let failingSince: number | undefined;
  return {
    observe(ok) {
      if (ok) {
        failingSince = undefined;
        return 0;
      }
      failingSince ??= now();
      return now() - failingSince;
    },
  };
}

/** Seconds the content source may stay unreachable before /api/health answers 503 (default 60). */
export function contentGraceMs(env: Record<string, string | undefined> = process.env): number {
  const raw = env.HEALTH_CONTENT_GRACE_SECONDS;
  if (raw === undefined || raw === "") return 60_000;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 0) {
    throw new Error(`HEALTH_CONTENT_GRACE_SECONDS must be a number of seconds, got "${raw}"`);
  }
  return seconds * 1000;
}
