import { measuredCacheHandler } from "@/lib/metrics/isr-timing.mjs";
import { createSiteMetrics } from "@/lib/metrics/site-metrics.mjs";

/** A handler that holds what it is given, as Next's own does (its context is for the wrapper). */
class MemoryHandler {
  entries = new Map<string, unknown>();
  async get(...[key]: [string, unknown?]) {
    return this.entries.get(key) ?? null;
  }
  async set(...[key, data]: [string, unknown, unknown?]) {
    this.entries.set(key, { value: data, lastModified: 0 });
  }
}

async function sampleCount(metrics: ReturnType<typeof createSiteMetrics>, name: string) {
  const metric = (await metrics.registry.getMetricsAsJSON()).find((entry) => entry.name === name);
  return Object.fromEntries(
    (metric?.values ?? [])
      .filter((value) => "metricName" in value && String(value.metricName).endsWith("_count"))
      .map((value) => [String(value.labels.page_type), value.value]),
  );
}

describe("render and regeneration times, from the cache handler", () => {
  test("a miss then a store is a render; a found entry then a store a regeneration; a hit nothing", async () => {
    const metrics = createSiteMetrics();
    let clock = 0;
    const Handler = measuredCacheHandler(
      MemoryHandler,
      metrics,
      (key) => (key.endsWith("legals") ? "legals_page" : "other"),
      () => clock,
    );
    const handler = new Handler();
    const page = { kind: "APP_PAGE" };
    await handler.get("/fr/legals", page);
    clock = 300;
    await handler.set("/fr/legals", page);
    // A hit stores nothing and times nothing.
    await handler.get("/fr/legals", page);
    // Stale: served, then rendered again in the background.
    clock = 1000;
    await handler.get("/fr/legals", page);
    clock = 1500;
    await handler.set("/fr/legals", page);
    // Data (fetch) entries are not pages.
    await handler.get("/fetch-key", { kind: "FETCH" });
    await handler.set("/fetch-key", { kind: "FETCH" });
    expect(await sampleCount(metrics, "site_render_duration_seconds")).toEqual({ legals_page: 1 });
    expect(await sampleCount(metrics, "site_regeneration_duration_seconds")).toEqual({ legals_page: 1 });
    const render = (await metrics.registry.getMetricsAsJSON()).find(
      (entry) => entry.name === "site_render_duration_seconds",
    );
    const sum = render?.values.find(
      (value) => "metricName" in value && String(value.metricName).endsWith("_sum"),
    );
    expect(sum?.value).toBeCloseTo(0.3);
  });
});
