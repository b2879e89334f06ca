/** Serves a built Next app (the site or the benchmarks' floor) on loopback, as a production server runs. */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const NEXT_BIN = path.resolve(__dirname, "../node_modules/next/dist/bin/next");

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
