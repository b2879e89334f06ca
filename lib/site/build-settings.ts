/**
 * How many of the most recent works each language prerenders at build (the rest
 * render on their first request, then cache): PRERENDER_WORKS, default 24. The
 * build's time and memory then stay bounded however many works the repository holds.
 */
export const DEFAULT_PRERENDERED_WORKS = 24;

export function prerenderedWorks(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PRERENDER_WORKS;
  if (raw === undefined || raw === "") return DEFAULT_PRERENDERED_WORKS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 100) {
    throw new Error(`PRERENDER_WORKS must be a whole number from 0 to 100, got "${raw}"`);
  }
  return value;
}
