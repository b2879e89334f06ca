import { boundedFetch, ContentServiceError, retryAfterMs } from "@/lib/prismic/bounded-fetch";

const URL_ = "http://127.0.0.1:9/api/v2/documents/search?ref=x";

/** A fetch that answers each call with the next of the given responses (or throws it). */
function answers(...steps: Array<Response | Error | "hang">) {
  const calls: number[] = [];
  const fetchFn = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(Date.now());
    const step = steps[Math.min(calls.length - 1, steps.length - 1)];
    if (step === "hang")
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)),
      );
    if (step instanceof Error) throw step;
    return step.clone();
  }) as typeof fetch;
  return { fetchFn, calls };
}

const ok = () => new Response('{"results":[]}', { status: 200 });

describe("boundedFetch", () => {
  it("passes good answers and the client's own 4xx through untouched", async () => {
    const { fetchFn } = answers(new Response('{"type":"api_notfound_error"}', { status: 404 }));
    expect((await boundedFetch(fetchFn, 1000)(URL_)).status).toBe(404);
    expect((await boundedFetch(answers(ok()).fetchFn, 1000)(URL_)).status).toBe(200);
  });

  it.each([500, 502, 503])("fails a %i with the site's message, carrying the status", async (status) => {
    const failing = boundedFetch(answers(new Response("oops", { status })).fetchFn, 1000)(URL_);
    await expect(failing).rejects.toThrow(new ContentServiceError(status, URL_));
    await expect(failing).rejects.toMatchObject({
      status,
      message: `Unexpected status code [${status}] on URL ${URL_}`,
    });
  });

  it("retries a 429 after its Retry-After while that fits before the deadline", async () => {
    const { fetchFn, calls } = answers(
      new Response("", { status: 429, headers: { "retry-after": "1" } }),
      ok(),
    );
    expect((await boundedFetch(fetchFn, 3000)(URL_)).status).toBe(200);
    expect(calls).toHaveLength(2);
    expect(calls[1] - calls[0]).toBeGreaterThanOrEqual(950);
  });

  it("fails a 429 at once when its Retry-After would pass the deadline, instead of hanging", async () => {
    const { fetchFn, calls } = answers(new Response("", { status: 429, headers: { "retry-after": "120" } }));
    const started = Date.now();
    await expect(boundedFetch(fetchFn, 1000)(URL_)).rejects.toThrow(
      `Unexpected status code [429] on URL ${URL_}`,
    );
    expect(Date.now() - started).toBeLessThan(500);
    expect(calls).toHaveLength(1);
  });

  it("gives up on an answer slower than the timeout with '<url> response timeout'", async () => {
    await expect(boundedFetch(answers("hang").fetchFn, 200)(URL_)).rejects.toThrow(
      `${URL_} response timeout`,
    );
  });

  it("names the address and the reason when the service cannot be reached", async () => {
    const refused = new TypeError("fetch failed", {
      cause: Object.assign(new Error("connect"), { code: "ECONNREFUSED" }),
    });
    await expect(boundedFetch(answers(refused).fetchFn, 1000)(URL_)).rejects.toThrow(
      `${URL_} could not be reached: ECONNREFUSED`,
    );
  });

  it("reads Retry-After in seconds or as a date", () => {
    expect(retryAfterMs("3")).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs("soon")).toBeUndefined();
    expect(retryAfterMs(null)).toBeUndefined();
  });
});
