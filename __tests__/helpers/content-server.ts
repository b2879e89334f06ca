import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import type { StoredDocument } from "@/lib/content-api/types";

/** Starts `npm run content:serve` on a free loopback port and stops it with the tests. */
export interface ContentServer {
  endpoint: string;
  origin: string;
  stop: () => Promise<void>;
}

export async function startContentServer(env: Record<string, string> = {}): Promise<ContentServer> {
  const child: ChildProcess = spawn("npm", ["run", "--silent", "content:serve"], {
    cwd: path.resolve(__dirname, "../.."),
    env: {
      ...process.env,
      CONTENT_PORT: "0",
      CONTENT_HOST: "127.0.0.1",
      CONTENT_EXIT_ON_STDIN_END: "1",
      ...env,
    },
    stdio: ["pipe", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  const endpoint = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`content:serve did not start:\n${output}`)), 30_000);
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
      reject(new Error(`content:serve exited with ${code}:\n${output}`));
    });
  });
  return {
    endpoint,
    origin: new URL(endpoint).origin,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      process.kill(-child.pid!, "SIGTERM");
      await exited;
    },
  };
}

/** Reads a content folder's documents (published or a release's) straight from disk. */
export function readDocuments(dir: string): StoredDocument[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), "utf8")) as StoredDocument);
}

export const CONTENT_DIR = path.resolve(__dirname, "../../content");
