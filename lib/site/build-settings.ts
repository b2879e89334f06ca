import { getEnv, type Env } from "@/lib/env/env";

/**
 * How many of the most recent works each language prerenders at build (the rest
 * render on their first request, then cache): PRERENDER_WORKS, default 24. The
 * build's time and memory then stay bounded however many works the repository holds.
 */
export function prerenderedWorks(env: Pick<Env, "PRERENDER_WORKS"> = getEnv()): number {
  return env.PRERENDER_WORKS;
}
