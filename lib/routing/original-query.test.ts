import fc from "fast-check";

import { isTrailingSlashRedirect, MAX_KEPT_QUERY, originalQuery } from "@/lib/routing/original-query.mjs";

describe("the original query npm start hands the request router", () => {
  test.each([
    ["/old?utm_source=x&page=2", "utm_source=x&page=2"],
    ["/old?a=%2F%2Fevil", "a=%2F%2Fevil"],
    ["/old?", undefined],
    ["/old", undefined],
    // Bytes Node hands over as latin1 (a raw é in UTF-8), as they were on the wire.
    ["/old?q=caf\u00c3\u00a9 x", "q=caf%C3%A9%20x"],
  ])("%j: %j", (target, query) => {
    expect(originalQuery(target)).toBe(query);
  });

  test("is not passed past MAX_KEPT_QUERY characters (a redirect then drops it)", () => {
    const within = `a=${"x".repeat(MAX_KEPT_QUERY - 2)}`;
    expect(originalQuery(`/old?${within}`)).toBe(within);
    expect(originalQuery(`/old?${within}y`)).toBeUndefined();
    // Counted as sent on: a byte that becomes %XX counts three.
    expect(originalQuery(`/old?a=${"\u00e9".repeat(400)}`)).toBeUndefined();
  });

  test("is always a valid header value: printable ASCII only", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (query) => {
        const value = originalQuery(`/old?${query}`);
        if (value !== undefined) expect(value).toMatch(/^[\x21-\x7e]+$/);
      }),
      { numRuns: 500, seed: 25 },
    );
  });
});

describe("the paths Next redirects for their trailing slash (their query kept for that redirect)", () => {
  test.each([
    ["/works/", true],
    ["/en/works/old/", true],
    ["/a%2F/", true],
    ["/", false],
    ["//", false],
    ["/works//", false],
    ["//evil.example/", false],
    ["/works", false],
    // What URL parsing changes before Next matches its redirect: a page may render it.
    ["/o50-a/../", false],
    ["/a/./", false],
    ["/a/%2e%2E/", false],
    ["/a/.%2e/", false],
    ["/%2E/", false],
    ["/a\\b/", false],
    ["/a/.b/", true],
    ["/a/b../", true],
  ])("%s: %s", (path, redirected) => {
    expect(isTrailingSlashRedirect(path)).toBe(redirected);
  });
});
