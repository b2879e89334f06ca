/**
 * What keeps the contact form from being abused, each answered with its own
 * message: a honeypot field, a minimum fill time and a per-client rate limit.
 */
import { getEnv, type Env } from "@/lib/env/env";
import type { RateLimit } from "@/lib/rate-limit/memory-rate-limit";

/** CONTACT_RATE_LIMIT "5/600": five messages per 600 seconds per client (the default). */
export function rateLimitConfig(env: Pick<Env, "CONTACT_RATE_LIMIT"> = getEnv()): RateLimit {
  return env.CONTACT_RATE_LIMIT;
}

/** CONTACT_MIN_FILL_MS: the least time a person takes to fill the form (default 3000 ms). */
export function minFillMs(env: Pick<Env, "CONTACT_MIN_FILL_MS"> = getEnv()): number {
  return env.CONTACT_MIN_FILL_MS;
}

/** Whether the honeypot (a field hidden from people) was filled: only a robot does that. */
export function isHoneypotFilled(value: string | undefined): boolean {
  return (value ?? "").trim() !== "";
}

/**
 * Too fast for a person: sent less than `minMs` after the form was shown. The
 * page stamps the form when it renders and the browser again when it shows it;
 * a form without a stamp was never shown (a robot posting blind). A stamp in
 * the future (a fast client clock) is given the benefit of the doubt.
 */
export function isTooFast(started: string | undefined, now: number, minMs: number): boolean {
  const shown = Number(started);
  if (!started || !Number.isFinite(shown) || shown <= 0) return true;
  return shown <= now && now - shown < minMs;
}

/** The stamp a form carries from the server's render (the browser restamps it when it shows the form). */
export function formRenderedAt(): number {
  return Date.now();
}
