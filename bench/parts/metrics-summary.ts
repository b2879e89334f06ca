/**
 * What an instance's own metrics (GET /api/metrics) say about a window of load: requests per
 * second by page type, the ISR cache's hit ratio, and the p99 of renders and regenerations, from
 * two scrapes (before and after), as Prometheus's rate() and histogram_quantile() would.
 */

/** One sample: metric name, labels, value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus's text format, the lines with values (comments and blank lines skipped). */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line.trim());
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key] = value;
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** Sums of `name` grouped by one label, the later scrape minus the earlier. */
function deltaBy(before: Sample[], after: Sample[], name: string, label: string): Map<string, number> {
  const sum = (samples: Sample[]) => {
    const sums = new Map<string, number>();
    for (const sample of samples)
      if (sample.name === name)
        sums.set(sample.labels[label], (sums.get(sample.labels[label]) ?? 0) + sample.value);
    return sums;
  };
  const earlier = sum(before);
  return new Map([...sum(after)].map(([key, value]) => [key, value - (earlier.get(key) ?? 0)]));
}

/** The q-quantile of a histogram's observations between two scrapes (upper bucket bound), or undefined. */
export function quantile(
  before: Sample[],
  after: Sample[],
  histogram: string,
  q: number,
): number | undefined {
  const buckets = [...deltaBy(before, after, `${histogram}_bucket`, "le")]
    .map(([le, count]) => ({ le: le === "+Inf" ? Infinity : Number(le), count }))
    .sort((a, b) => a.le - b.le);
  const total = buckets.at(-1)?.count ?? 0;
  if (total === 0) return undefined;
  return buckets.find((bucket) => bucket.count >= q * total)?.le;
}

export interface MetricsSummary {
  requestsPerSecond: Array<[pageType: string, perSecond: number]>;
  cacheHitRatio: number | undefined;
  cacheLookups: Record<string, number>;
  renderP99Seconds: number | undefined;
  regenerationP99Seconds: number | undefined;
  renders: number;
  regenerations: number;
}

export function summarize(beforeText: string, afterText: string, seconds: number): MetricsSummary {
  const before = parseMetrics(beforeText);
  const after = parseMetrics(afterText);
  const requests = deltaBy(before, after, "site_http_requests_total", "page_type");
  const lookups = Object.fromEntries(deltaBy(before, after, "site_isr_cache_total", "result"));
  const allLookups = Object.values(lookups).reduce((a, b) => a + b, 0);
  const count = (name: string) =>
    [...deltaBy(before, after, name, "page_type").values()].reduce((a, b) => a + b, 0);
  return {
    requestsPerSecond: [...requests]
      .filter(([, total]) => total > 0)
      .sort((a, b) => b[1] - a[1])
      .map(([type, total]) => [type, total / seconds]),
    cacheHitRatio: allLookups ? (lookups.hit ?? 0) / allLookups : undefined,
    cacheLookups: lookups,
    renderP99Seconds: quantile(before, after, "site_render_duration_seconds", 0.99),
    regenerationP99Seconds: quantile(before, after, "site_regeneration_duration_seconds", 0.99),
    renders: count("site_render_duration_seconds_count"),
    regenerations: count("site_regeneration_duration_seconds_count"),
  };
}
