/**
 * Latency of the bundled Content API over HTTP (loopback), measured through the
 * real @prismicio/client: a getByUID on the bundled repository, and a filtered,
 * ordered query on a generated repository.
 */
import path from "node:path";
import { performance } from "node:perf_hooks";

import * as prismic from "@prismicio/client";
import { ContentStore, createContentApiHandler, listen, type ErrorReporter } from "@vifargent/content-api";

import { withGeneratedRepository } from "./generated-repository";
import { ROOT } from "./next-process";

export interface Latency {
  label: string;
  requests: number;
  medianMs: number;
  p95Ms: number;
  minMs: number;
}

async function time(label: string, rounds: number, run: () => Promise<unknown>): Promise<Latency> {
  for (let i = 0; i < 10; i++) await run(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  const sorted = samples.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { label, requests: rounds, medianMs: at(0.5), p95Ms: at(0.95), minMs: at(0) };
}

const report: ErrorReporter = (message, error) => console.error(`[content-api] ${message}:`, error);

async function serve(dir: string) {
  const store = new ContentStore({ dir, onError: report });
  const loadStart = performance.now();
  await store.snapshot();
  const loadMs = performance.now() - loadStart;
  const running = await listen(createContentApiHandler({ store, onError: report }), {
    host: "127.0.0.1",
    port: 0,
    onError: report,
  });
  const client = prismic.createClient("vif-argent", { documentAPIEndpoint: `${running.origin}/api/v2` });
  return { running, client, loadMs };
}

export async function benchContentLatency(
  rounds: number,
  generatedWorks: number,
): Promise<{ latencies: Latency[]; generatedLoadMs: number }> {
  const latencies: Latency[] = [];
  const bundled = await serve(path.join(ROOT, "content"));
  try {
    const [project] = (await bundled.client.getByType("project", { pageSize: 1 })).results;
    latencies.push(
      await time("getByUID, bundled repository", rounds, () =>
        bundled.client.getByUID("project", project.uid as string),
      ),
    );
  } finally {
    await bundled.running.close();
  }

  return withGeneratedRepository(generatedWorks, async (dir) => {
    const generated = await serve(dir);
    try {
      latencies.push(
        await time(`filtered + ordered query, ${generatedWorks} projects`, Math.min(rounds, 50), () =>
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
      return { latencies, generatedLoadMs: generated.loadMs };
    } finally {
      await generated.running.close();
    }
  });
}

export function describeLatency({ label, requests, medianMs, p95Ms, minMs }: Latency): string {
  return `${label}: median ${medianMs.toFixed(2)} ms, p95 ${p95Ms.toFixed(2)} ms, min ${minMs.toFixed(2)} ms (${requests} requests)`;
}
