/** Builds a Next app (the site or the floor) as for production (test-support/next-start.ts serves it). */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";

import { treeRss } from "./measure";

export const ROOT = path.resolve(__dirname, "../..");
const NEXT_BIN = path.join(ROOT, "node_modules/next/dist/bin/next");

export interface BuildFigures {
  seconds: number;
  peakMb: number;
}

/**
 * `next build` in `cwd`: wall time and peak memory of its whole process tree (sampled
 * every 100 ms). A build into another distDir adds that folder's types to tsconfig.json;
 * the file is put back as it was.
 */
export async function nextBuild(cwd: string, env: Record<string, string>): Promise<BuildFigures> {
  const tsconfigPath = path.join(cwd, "tsconfig.json");
  const tsconfig = existsSync(tsconfigPath) ? readFileSync(tsconfigPath, "utf8") : null;
  try {
    return await timedBuild(cwd, env);
  } finally {
    if (tsconfig !== null) writeFileSync(tsconfigPath, tsconfig);
  }
}

async function timedBuild(cwd: string, env: Record<string, string>): Promise<BuildFigures> {
  const start = performance.now();
  const child = spawn(process.execPath, [NEXT_BIN, "build"], {
    cwd,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRss(child.pid as number))), 100);
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`next build in ${cwd} failed (exit ${code}):\n${output.slice(-3000)}`);
  return { seconds: (performance.now() - start) / 1000, peakMb: peak / 1024 / 1024 };
}
