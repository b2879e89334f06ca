import { getEnv, type Env } from "./env";

/**
 * The build folder: `.next`, or NEXT_DIST_DIR (the benchmarks build beside the real one).
 * next.config.ts reads it too: relative imports only.
 */
export function buildDir(env: Pick<Env, "NEXT_DIST_DIR"> = getEnv()): string {
  return env.NEXT_DIST_DIR;
}
