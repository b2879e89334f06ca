import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { freePort } from "./free-port";

/**
 * Debian's redis-server on a free loopback port, in memory only (no RDB, no AOF),
 * in its own folder. `stop()` takes it away as an outage would; `start()` brings
 * it back on the same port, empty; `close()` stops it for good.
 */
export interface RedisServer {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  close(): Promise<void>;
}

export async function startRedis(): Promise<RedisServer> {
  const dir = mkdtempSync(path.join(tmpdir(), "redis-"));
  const port = await freePort();
  let child: ChildProcess | undefined;

  async function start() {
    const process = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk;
        if (output.includes("Ready to accept connections")) resolve();
      };
      process.stdout?.on("data", onData);
      process.stderr?.on("data", onData);
      process.once("error", (error) => reject(new Error(`redis-server could not start (${error.message})`)));
      process.once("exit", (code) => reject(new Error(`redis-server exited (${code}):\n${output}`)));
    });
    child = process;
  }

  async function stop() {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGKILL");
    await exited;
  }

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    close: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
