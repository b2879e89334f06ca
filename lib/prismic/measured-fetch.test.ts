import { readdirSync } from "node:fs";
import path from "node:path";

import { createSiteMetrics } from "@/lib/metrics/site-metrics.mjs";
import { ContentServiceError } from "@/lib/prismic/bounded-fetch";
import { contentErrorKind, contentQueryKind, measuredFetch } from "@/lib/prismic/measured-fetch";

const API = "http://127.0.0.1:3001/api/v2";
const search = (q: string) => `${API}/documents/search?ref=x&q=${encodeURIComponent(q)}&access_token=t`;

describe("content API requests by kind of query", () => {
  test.each([
    [API, "repository"],
    [`${API}/`, "repository"],
    [search('[[at(document.type, "project")]]'), "project"],
    [search('[[at(document.type,"translations")]]'), "translations"],
    [search('[[at(my.project.uid, "electrique")]]'), "project"],
    [search('[[at(document.id, "X")]]'), "by_id"],
    [search('[[at(document.type, "made_up")]]'), "other"],
    [`${API}/documents/search?ref=x`, "search"],
    [`${API}/tags`, "other"],
    ["not a url", "other"],
  ])("%s is %s", (url, kind) => {
    expect(contentQueryKind(url)).toBe(kind);
  });

  test("every model in customtypes/ is a kind of its own", () => {
    const models = readdirSync(path.resolve(__dirname, "../../customtypes"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(models.length).toBeGreaterThan(5);
    for (const type of models)
      expect(contentQueryKind(search(`[[at(document.type, "${type}")]]`))).toBe(type);
  });

  test.each([
    [new ContentServiceError(503, API), "server_error"],
    [new ContentServiceError(429, API), "rate_limited"],
    [new Error(`${API} response timeout`), "timeout"],
    [new Error(`${API} could not be reached: ECONNREFUSED`), "unreachable"],
    [new Error("other"), "error"],
  ])("%s counts as %s", (error, kind) => {
    expect(contentErrorKind(error)).toBe(kind);
  });

  test("each request is counted with its outcome and timed, failures included", async () => {
    const metrics = createSiteMetrics();
    const answers = [new Response("{}"), new Response("", { status: 404 })];
    const fetchFn = measuredFetch(
      (async () => {
        const next = answers.shift();
        if (!next) throw new ContentServiceError(503, API);
        return next;
      }) as typeof fetch,
      metrics,
    );
    await fetchFn(API);
    await fetchFn(search('[[at(document.type, "project")]]'));
    await expect(fetchFn(API)).rejects.toThrow(ContentServiceError);
    const counts = (await metrics.registry.getSingleMetric("site_content_requests_total")!.get()).values.map(
      (value) => [value.labels.query, value.labels.outcome, value.value],
    );
    expect(counts).toEqual([
      ["repository", "ok", 1],
      ["project", "http_4xx", 1],
      ["repository", "server_error", 1],
    ]);
  });
});
