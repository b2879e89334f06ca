/**
 * npm run bench:content — median latency of the bundled Content API over HTTP
 * (loopback), measured through the real @prismicio/client:
 *   1. getByUID on the bundled repository;
 *   2. a filtered, ordered query on a generated 10,000-project repository.
 * Prints figures; it asserts nothing (machines here are shared and noisy).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

import * as prismic from "@prismicio/client";

import { ContentStore, createContentApiHandler } from "../lib/content-api";
import { listen } from "../lib/content-api/http-server";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const GENERATED_WORKS = Number(process.env.BENCH_WORKS ?? 10_000);

function summary(label: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(2);
  console.log(
    `${label}: median ${at(0.5)} ms, p95 ${at(0.95)} ms, min ${at(0)} ms (${samples.length} requests)`,
  );
}

async function time(rounds: number, run: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 10; i++) await run(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return samples;
}

async function serve(dir: string) {
  const store = new ContentStore({ dir });
  const loadStart = performance.now();
  await store.snapshot();
  const loadMs = performance.now() - loadStart;
  const running = await listen(createContentApiHandler({ store }), "127.0.0.1", 0);
  const client = prismic.createClient("vif-argent", { documentAPIEndpoint: `${running.origin}/api/v2` });
  return { running, client, loadMs };
}

async function main() {
  const bundled = await serve(path.resolve("content"));
  const [project] = await bundled.client.getByType("project", { pageSize: 1 }).then((r) => r.results);
  summary(
    "getByUID, bundled repository",
    await time(ROUNDS, () => bundled.client.getByUID("project", project.uid!)),
  );
  await bundled.running.close();

  const tmp = mkdtempSync(path.join(tmpdir(), "bench-content-"));
  const dir = path.join(tmp, "repo");
  try {
    execFileSync(
      "npx",
      ["tsx", "scripts/content-generate.ts", "--works", String(GENERATED_WORKS), "--out", dir],
      {
        stdio: "inherit",
      },
    );
    const generated = await serve(dir);
    console.log(
      `Loaded ${GENERATED_WORKS * 2} generated project documents in ${generated.loadMs.toFixed(0)} ms`,
    );
    summary(
      `filtered + ordered query, ${GENERATED_WORKS} projects`,
      await time(Math.min(ROUNDS, 50), () =>
        generated.client.getByType("project", {
          filters: [
            prismic.filter.at("my.project.status", "in production"),
            prismic.filter.numberGreaterThan("my.project.year", 2018),
          ],
          orderings: [{ field: "my.project.year", direction: "desc" }, { field: "my.project.title" }],
          pageSize: 20,
        }),
      ),
    );
    await generated.running.close();
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
