/**
 * npm run content:serve — the bundled content repository over HTTP, on loopback.
 * CONTENT_DIR (default content/), CONTENT_PORT (default 3001, 0 = any free port),
 * CONTENT_HOST (default 127.0.0.1), CONTENT_ACCESS_TOKEN (optional: require it).
 */
import path from "node:path";

import { ContentStore, createContentApiHandler } from "../lib/content-api";
import { listen } from "../lib/content-api/http-server";

function portFromEnv(): number {
  const raw = process.env.CONTENT_PORT ?? "3001";
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`CONTENT_PORT must be a port number (0-65535), got "${raw}"`);
    process.exit(2);
  }
  return port;
}

async function main() {
  const dir = path.resolve(process.env.CONTENT_DIR || "content");
  const store = new ContentStore({ dir });
  await store.snapshot(); // fail fast, with the bad file named, before listening
  const handler = createContentApiHandler({
    store,
    accessToken: process.env.CONTENT_ACCESS_TOKEN || undefined,
  });
  const running = await listen(handler, process.env.CONTENT_HOST || "127.0.0.1", portFromEnv());
  console.log(`Content API for ${dir} listening on ${running.origin}/api/v2`);

  const stop = () => {
    running.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  // Stop with the parent (a test runner) when it closes our stdin.
  if (process.env.CONTENT_EXIT_ON_STDIN_END === "1") process.stdin.on("end", stop).resume();
}

main().catch((error: unknown) => {
  console.error(`content:serve failed: ${(error as Error).message}`);
  process.exit(1);
});
