import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { freePort } from "../../test-support/free-port";
import { E2E_PREVIEW_SECRET } from "../site-env";

/**
 * A second production server (`npm start`: server/main.mjs over the build the suite's
 * webServer made) on a free loopback port, reading a private copy of the content
 * repository, so a test can edit content files the way an editor publishes.
 * With `ownBuild`, it runs from its own copy of the build, as on another machine:
 * nothing on disk is shared with the other servers.
 */
export interface SiteServer {
  origin: string;
  contentDir: string;
  /** Everything the server has written to stdout and stderr so far. */
  output: () => string;
  /** The server's process, for signals. */
  process: ChildProcess;
  stop: () => Promise<void>;
}

const ROOT = path.resolve(__dirname, "../..");

/** What `npm start` needs beside node_modules: the build (without its build-time cache) and the config's imports. */
const RUNTIME_FILES = [
  "server",
  "next.config.ts",
  "cache-handler.mjs",
  "package.json",
  "tsconfig.json",
  "lib",
];

function copyBuild(into: string) {
  for (const name of RUNTIME_FILES) cpSync(path.join(ROOT, name), path.join(into, name), { recursive: true });
  cpSync(path.join(ROOT, ".next"), path.join(into, ".next"), {
    recursive: true,
    filter: (source) => source !== path.join(ROOT, ".next", "cache"),
  });
  symlinkSync(path.join(ROOT, "node_modules"), path.join(into, "node_modules"), "dir");
}

export async function startSiteServer(
  env: Record<string, string> = {},
  { ownBuild = false }: { ownBuild?: boolean } = {},
): Promise<SiteServer> {
  const tmp = mkdtempSync(path.join(tmpdir(), "site-content-"));
  const contentDir = path.join(tmp, "content");
  cpSync(path.join(ROOT, "content"), contentDir, { recursive: true });
  let cwd = ROOT;
  if (ownBuild) {
    cwd = path.join(tmp, "site");
    mkdirSync(cwd);
    copyBuild(cwd);
  }
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [path.join(cwd, "server", "main.mjs")], {
    cwd,
    env: {
      ...process.env,
      CONTENT_DIR: contentDir,
      // As the suite's site: the release preview links of helpers/release.ts open here too.
      CONTENT_PREVIEW_SECRET: E2E_PREVIEW_SECRET,
      NEXT_TELEMETRY_DISABLED: "1",
      HOST: "127.0.0.1",
      PORT: String(port),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    try {
      if ((await fetch(`${origin}/robots.txt`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`npm start did not answer within 30 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    origin,
    contentDir,
    output: () => output,
    process: child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
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

/**
 * Watches the sites' logs from now on: the function returned resolves once they have logged
 * `publishes` publishes as live (features/publish: their pages rendered anew, the proxies purged;
 * a batch's line counts the publishes it took in). A test that sends webhooks waits for all of
 * them, so no render or purge of its publishes lands in a later test.
 */
export function publishWatch(...sites: Array<Pick<SiteServer, "output">>) {
  const from = sites.map((site) => site.output().length);
  const live = () =>
    sites
      .flatMap((site, index) => [...site.output().slice(from[index]).matchAll(LIVE_LINE)])
      .reduce((sum, line) => sum + Number(line[1]), 0);
  return ({ publishes = 1, timeoutMs = 20_000 } = {}) =>
    waitFor(async () => live() >= publishes, timeoutMs, `${publishes} publish(es) live`);
}

const LIVE_LINE = /\[publish\] live in .*, for (\d+) publish\(es\)/g;
