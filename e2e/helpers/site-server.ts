import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { freePort } from "../../lib/net/free-port";

/**
 * A second production server (the build the suite's webServer made) on a free
 * loopback port, reading a private copy of the content repository, so a test
 * can edit content files the way an editor publishes.
 */
export interface SiteServer {
  origin: string;
  contentDir: string;
  /** Everything the server has written to stdout and stderr so far. */
  output: () => string;
  stop: () => Promise<void>;
}

const ROOT = path.resolve(__dirname, "../..");

export async function startSiteServer(env: Record<string, string> = {}): Promise<SiteServer> {
  const tmp = mkdtempSync(path.join(tmpdir(), "site-content-"));
  const contentDir = path.join(tmp, "content");
  cpSync(path.join(ROOT, "content"), contentDir, { recursive: true });
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      path.join(ROOT, "node_modules/next/dist/bin/next"),
      "start",
      "--hostname",
      "127.0.0.1",
      "--port",
      String(port),
    ],
    {
      cwd: ROOT,
      env: { ...process.env, CONTENT_DIR: contentDir, NEXT_TELEMETRY_DISABLED: "1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited early:\n${output}`);
    try {
      if ((await fetch(`${origin}/robots.txt`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`next start did not answer within 30 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    origin,
    contentDir,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/** Polls until `check` holds, returning the seconds it took; fails after `timeoutMs`. */
export async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (await check()) return (Date.now() - start) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what}: not seen within ${timeoutMs / 1000} s`);
}
