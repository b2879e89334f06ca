/**
 * The build folder: `.next`, or NEXT_DIST_DIR (the benchmarks build beside the real one).
 * Free of imports so next.config.ts can read it too.
 */
export function buildDir(env: Record<string, string | undefined> = process.env): string {
  return env.NEXT_DIST_DIR || ".next";
}
