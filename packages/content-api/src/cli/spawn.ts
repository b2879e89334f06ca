import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

/**
 * Runs content-api-serve as a child process on a free loopback port, for tests that need
 * the repository over HTTP in another process (the site's browser tests put fault proxies
 * and several site instances in front of it). It stops with its parent.
 */

export interface SpawnContentServerOptions {
  /** The repository folder. */
  dir: string;
  /** Makes the repository private: every request must carry this `access_token`. */
  accessToken?: string;
  /** The secret release refs are derived from (releaseRef); unset, releases cannot be previewed. */
  previewSecret?: string;
}

export interface ContentServer {
  /** The API's entry point, `http://127.0.0.1:<port>/api/v2`. */
  endpoint: string;
  origin: string;
  stop: () => Promise<void>;
}

const SERVE_BIN = path.resolve(__dirname, "../../bin/content-api-serve.mjs");
const START_TIMEOUT_MS = 30_000;

export async function spawnContentServer(options: SpawnContentServerOptions): Promise<ContentServer> {
  const child: ChildProcess = spawn(process.execPath, [SERVE_BIN], {
    env: {
      ...process.env,
      CONTENT_DIR: options.dir,
      CONTENT_PORT: "0",
      CONTENT_HOST: "127.0.0.1",
      // Empty is unset: a token in the parent's environment must not make this one private.
      CONTENT_ACCESS_TOKEN: options.accessToken ?? "",
      CONTENT_PREVIEW_SECRET: options.previewSecret ?? "",
      // Closing our end of its stdin stops it, even when this process dies without cleaning up.
      CONTENT_EXIT_ON_STDIN_END: "1",
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  const endpoint = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`content-api-serve did not start:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+\/api\/v2)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`content-api-serve exited with ${code}:\n${output}`));
    });
  });
  return {
    endpoint,
    origin: new URL(endpoint).origin,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
