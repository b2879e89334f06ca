import fc from "fast-check";

import {
  MAX_LOCATION_BYTES,
  redirectWithinSite,
  routerRedirect,
  sameSitePath,
} from "@/lib/net/same-site-redirect";
import { attackPieces } from "@/test-support/redirect-attacks";

/** The site as a browser knows it, on a page some levels deep. */
const SITE = "https://studio.example";
const PAGE = `${SITE}/en/works/some-work?x=1#credits`;

const attack = fc.oneof(
  attackPieces(8),
  attackPieces(6).map((joined) => `/${joined}`),
  fc.string({ unit: "grapheme", maxLength: 24 }),
  fc.string({ unit: "binary", maxLength: 24 }).map((text) => `/${text}`),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.webPath().map((path) => `/${path}`),
);

/** Where a browser goes when it gets this Location on the page. */
const destination = (location: string) => new URL(location, PAGE);

describe("sameSitePath", () => {
  test.each([
    ["/works/aurores-boreales", "/works/aurores-boreales"],
    ["/en/works/x?y=1#credits", "/en/works/x?y=1#credits"],
    ["/", "/"],
    ["/works/caf%C3%A9", "/works/caf%C3%A9"],
    ["/works/a/../b", "/works/b"],
  ])("%s is kept (normalised)", (input, expected) => {
    expect(sameSitePath(input)).toBe(expected);
  });

  test.each([
    "https://evil.example/",
    "http:evil.example",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/%2Fevil.example",
    "/%2F%2Fevil.example",
    "/%252F%252Fevil.example",
    "/%5Cevil.example",
    "/%5c%5cevil.example",
    "/\tevil",
    "/%09/evil.example",
    "javascript:alert(1)",
    "evil.example",
    "",
    "/%E0%A4%A",
    // Dot segments the parser removes, leaving a host behind.
    "/.//evil.example",
    "/..//evil.example",
    "/a/..//evil.example",
    "/././/evil.example/x?y",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
  ])("%j falls back to the home page", (input) => {
    expect(sameSitePath(input)).toBe("/");
  });

  test("non-strings fall back too", () => {
    expect(sameSitePath(null)).toBe("/");
    expect(sameSitePath(undefined, "/en")).toBe("/en");
    expect(sameSitePath(["/works"])).toBe("/");
  });

  test("whatever the input, the value returned keeps the browser on the site", () => {
    fc.assert(
      fc.property(attack, (input) => {
        const path = sameSitePath(input);
        expect(path.startsWith("/")).toBe(true);
        expect(path).not.toMatch(/^\/[/\\]|[\\\u0000-\u001f\u007f]/);
        expect(destination(path).origin).toBe(SITE);
        // What is sent is already normal: the browser's own parsing changes nothing.
        const { pathname, search, hash } = destination(path);
        expect(`${pathname}${search}${hash}`).toBe(path);
        // And checking it again keeps it: nothing is left to normalise into another meaning.
        expect(sameSitePath(path)).toBe(path);
      }),
      { numRuns: 5000 },
    );
  });

  test("a same-site path survives, normalised", () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z0-9-]{1,12}$/), { minLength: 1, maxLength: 4 }),
        (segments) => {
          const path = `/${segments.join("/")}`;
          expect(sameSitePath(path)).toBe(path);
        },
      ),
    );
  });
});

describe("redirectWithinSite", () => {
  test("a 307 no cache keeps, to the safe path", () => {
    const response = redirectWithinSite("/.//evil.example");
    expect(response.status).toBe(307);
    expect(response.headers.get("location")).toBe("/");
    expect(response.headers.get("cache-control")).toContain("no-store");
    expect(redirectWithinSite("/en/works/x").headers.get("location")).toBe("/en/works/x");
  });

  test("an unsafe fallback is itself replaced by the home page", () => {
    expect(redirectWithinSite("//evil.example", "//evil.example").headers.get("location")).toBe("/");
  });
});

describe("routerRedirect", () => {
  /** The request router's URL, as Next builds it from the server's own address. */
  const REQUEST_URL = "http://127.0.0.1:3000/not-found?_rsc=x";
  const locationOf = (response: Response) => new URL(response.headers.get("location")!);

  test("an absolute Location on the request's origin, with the status asked, never stored", () => {
    const response = routerRedirect(REQUEST_URL, { path: "/works" }, 308);
    expect(response.status).toBe(308);
    expect(response.headers.get("location")).toBe("http://127.0.0.1:3000/works");
    expect(response.headers.get("cache-control")).toContain("no-store");
    expect(
      routerRedirect(REQUEST_URL, { path: "/works", query: "page=2", hash: "#list" }, 307).headers.get(
        "location",
      ),
    ).toBe("http://127.0.0.1:3000/works?page=2#list");
  });

  test.each([
    "x=%5C",
    "x=%5C%5Cevil.example",
    "discount=100%25",
    "q=%C3",
    "q=%E0%A4%A",
    "y=%",
    "redirect=//evil.example",
    "a=%2F%2Fevil.example",
    "next=/%2e%2e//evil.example",
    "u=https://evil.example/",
  ])("a query %j rides along and never changes the path", (query) => {
    const location = locationOf(routerRedirect(REQUEST_URL, { path: "/works/electrique", query }, 308));
    expect(location.origin).toBe("http://127.0.0.1:3000");
    expect(location.pathname).toBe("/works/electrique");
    expect(location.search).toBe(`?${query}`);
  });

  test("the path is checked alone: an unsafe one is the home page, its query still carried", () => {
    for (const path of [
      "//evil.example",
      "/\\evil.example",
      "/%2F%2Fevil.example",
      "/.//evil.example",
      "https://evil.example/",
    ]) {
      const location = locationOf(routerRedirect(REQUEST_URL, { path, query: "a=1" }, 308));
      expect(location.origin).toBe("http://127.0.0.1:3000");
      expect(location.pathname).toBe("/");
      expect(location.search).toBe("?a=1");
    }
    // A query or fragment written into the path is not the path's: cut off, never read.
    expect(
      locationOf(routerRedirect(REQUEST_URL, { path: "/works?x=%5C#y", query: "page=2" }, 308)).href,
    ).toBe("http://127.0.0.1:3000/works?page=2");
  });

  test("whatever the query and fragment, the Location leads to the path's own page and is a header's value", () => {
    const piece = fc.oneof(
      attackPieces(8),
      fc.string({ maxLength: 20 }),
      fc.string({ unit: "binary", maxLength: 12 }),
      fc.constantFrom("%5C", "%C3", "%25", "%", "//", "%2F%2F", "#", "?", "&"),
    );
    const path = fc.oneof(fc.constantFrom("/", "/works", "/en/works/electrique", "/contact"), attack);
    fc.assert(
      fc.property(path, piece, piece, (target, query, hash) => {
        const response = routerRedirect(REQUEST_URL, { path: target, query, hash }, 307);
        const header = response.headers.get("location")!;
        expect(header).toMatch(/^[\x21-\x7e]+$/);
        const location = new URL(header);
        expect(location.origin).toBe("http://127.0.0.1:3000");
        const alone = new URL(sameSitePath(target.split(/[?#]/, 1)[0]), REQUEST_URL);
        expect(location.pathname).toBe(alone.pathname);
        // And the same as the path without any query or fragment.
        expect(location.pathname).toBe(
          locationOf(routerRedirect(REQUEST_URL, { path: target }, 307)).pathname,
        );
      }),
      { numRuns: 2_000, seed: 51 },
    );
  });
});

describe("no Location past what a proxy in front takes", () => {
  test("a handler's target that would serialise long (a space is three bytes) falls back", () => {
    const long = `/a${"+".repeat(8000)}b`.replace(/\+/g, " ");
    expect(redirectWithinSite(long).headers.get("location")).toBe("/");
    expect(redirectWithinSite(long, "/works").headers.get("location")).toBe("/works");
  });

  test("a router redirect keeps its path and drops a query that would make it too long", () => {
    const answer = routerRedirect(
      "http://127.0.0.1:3000/x",
      { path: "/works", query: `q=${"%C3%A9".repeat(600)}` },
      308,
    );
    expect(answer.headers.get("location")).toBe("http://127.0.0.1:3000/works");
    const fits = routerRedirect("http://127.0.0.1:3000/x", { path: "/works", query: "q=1" }, 308);
    expect(fits.headers.get("location")).toBe("http://127.0.0.1:3000/works?q=1");
    const longPath = routerRedirect("http://127.0.0.1:3000/x", { path: `/${"a".repeat(1100)}` }, 307);
    expect(longPath.headers.get("location")).toBe("http://127.0.0.1:3000/");
  });

  test("whatever a target holds, the Location stays within the bound", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 3000 }), fc.string({ maxLength: 3000 }), (path, query) => {
        const location =
          routerRedirect("http://127.0.0.1:3000/x", { path: `/${path}`, query }, 308).headers.get(
            "location",
          ) ?? "";
        expect(new URL(location).pathname.length + new URL(location).search.length).toBeLessThanOrEqual(
          MAX_LOCATION_BYTES,
        );
        expect(
          (redirectWithinSite(`/${path}?${query}`).headers.get("location") ?? "").length,
        ).toBeLessThanOrEqual(MAX_LOCATION_BYTES);
      }),
      { seed: 61, numRuns: 300 },
    );
  });
});
