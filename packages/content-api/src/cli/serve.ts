/**
 * content-api-serve (root: npm run content:serve): a content repository over HTTP, on
 * loopback by default. Settings come from the environment (serve-config.ts): CONTENT_DIR,
 * CONTENT_PORT, CONTENT_HOST, CONTENT_ACCESS_TOKEN, CONTENT_PREVIEW_SECRET, CONTENT_EXIT_ON_STDIN_END.
 */
import { stat } from "node:fs/promises";

import { ContentStore } from "../content-store";
import { createContentApiHandler } from "../handler";
import { listen } from "../http-server";
import type { ErrorReporter } from "../types";
import { ConfigError, serveConfig } from "./serve-config";

const report: ErrorReporter = (message, error) => console.error(`[content-api] ${message}:`, error);

async function main() {
  const config = serveConfig(process.env, process.cwd());
  if (!(await stat(config.dir).catch(() => undefined))?.isDirectory()) {
    throw new ConfigError("CONTENT_DIR", "a content repository folder", config.dir);
  }
  const store = new ContentStore({ dir: config.dir, onError: report, previewSecret: config.previewSecret });
  await store.snapshot(); // fail fast, with the bad file named, before listening
  const handler = createContentApiHandler({ store, accessToken: config.accessToken, onError: report });
  const running = await listen(handler, { host: config.host, port: config.port, onError: report });
  // Parents (tests, scripts) read the address from this line.
  console.log(`Content API for ${config.dir} listening on ${running.origin}/api/v2`);
  if (!config.previewSecret)
    console.error("[content-api] releases cannot be previewed: CONTENT_PREVIEW_SECRET is not set");

  const stop = () => {
    running.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  if (config.exitOnStdinEnd) process.stdin.on("end", stop).resume();
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`content-api-serve failed: ${message}`);
  process.exit(error instanceof ConfigError ? 2 : 1);
});
