/** Builds and serves a Next app (the site or the floor) as a production server would run. */
import { spawn, type ChildProcess } from "node:child_process";
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

export interface RunningServer {
  origin: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * `next start` on 127.0.0.1:`port` (with `npmStart`, the site's own `npm start`: server/main.mjs, with
 * its request ids, metrics and graceful shutdown); resolves once it answers, rejects if it exits first.
 */
export async function nextStart(
  cwd: string,
  port: number,
  env: Record<string, string>,
  { npmStart = false }: { npmStart?: boolean } = {},
): Promise<RunningServer> {
  const args = npmStart
    ? [path.join(cwd, "server", "main.mjs")]
    : [NEXT_BIN, "start", "--hostname", "127.0.0.1", "--port", String(port)];
  const serverEnv = npmStart ? { HOST: "127.0.0.1", PORT: String(port) } : {};
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...serverEnv, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`next start in ${cwd} exited (${code}):\n${output}`))),
  );
  const origin = `http://127.0.0.1:${port}`;
  const ready = (async () => {
    for (let attempt = 0; attempt < 300; attempt++) {
      try {
        await fetch(origin, { signal: AbortSignal.timeout(2000) });
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    throw new Error(`next start in ${cwd} did not answer within 30 s`);
  })();
  await Promise.race([ready, exited]);
  exited.catch(() => {}); // a later exit is the stop() below
  return {
    origin,
    pid: child.pid as number,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
