import { parseMetrics, quantile, summarize } from "./metrics-summary";

const scrape = (hits: number, misses: number, legals: number, buckets: [string, number][]) => `
# HELP site_http_requests_total Requests
# TYPE site_http_requests_total counter
site_http_requests_total{page_type="legals_page",status="200"} ${legals}
site_http_requests_total{page_type="project",status="404"} 2
site_isr_cache_total{result="hit"} ${hits}
site_isr_cache_total{result="miss"} ${misses}
${buckets.map(([le, count]) => `site_render_duration_seconds_bucket{le="${le}",page_type="project"} ${count}`).join("\n")}
site_render_duration_seconds_count{page_type="project"} ${buckets.at(-1)?.[1] ?? 0}
`;

describe("the bench's reading of the server's metrics", () => {
  test("parses samples with their labels", () => {
    expect(parseMetrics('a_total{x="1",y="b\\"c"} 3\n# comment\nb 2.5')).toEqual([
      { name: "a_total", labels: { x: "1", y: 'b\\"c' }, value: 3 },
      { name: "b", labels: {}, value: 2.5 },
    ]);
  });

  test("rates, hit ratio and quantiles come from the difference of two scrapes", () => {
    const before = scrape(10, 5, 100, [
      ["0.1", 1],
      ["1", 2],
      ["+Inf", 2],
    ]);
    const after = scrape(100, 15, 700, [
      ["0.1", 50],
      ["1", 100],
      ["+Inf", 102],
    ]);
    const summary = summarize(before, after, 60);
    expect(summary.requestsPerSecond).toEqual([["legals_page", 10]]);
    expect(summary.cacheHitRatio).toBeCloseTo(90 / 100);
    expect(summary.renders).toBe(100);
    // 100 renders in the window: 49 under 0.1 s, 49 more under 1 s, 2 above.
    expect(summary.renderP99Seconds).toBe(Infinity);
    expect(quantile(parseMetrics(before), parseMetrics(after), "site_render_duration_seconds", 0.9)).toBe(1);
    expect(summary.regenerationP99Seconds).toBeUndefined();
  });
});
