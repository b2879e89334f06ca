import { getEnv, type Env } from "@/lib/env/env";

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

/** HEALTH_CONTENT_GRACE_SECONDS: how long the content source may stay unreachable before /api/health answers 503. */
export function contentGraceMs(env: Pick<Env, "HEALTH_CONTENT_GRACE_SECONDS"> = getEnv()): number {
  return env.HEALTH_CONTENT_GRACE_SECONDS * 1000;
}
