import fc from "fast-check";

import { routerRedirect } from "@/lib/net/same-site-redirect";
import {
  buildRedirectTable,
  MAX_REDIRECTS,
  mergeQuery,
  parseFrom,
  parseRedirectRows,
  parseTarget,
  redirectLocation,
  rowFromContent,
  type RedirectRowInput,
} from "@/lib/routing/redirects";
import { attackPieces, REDIRECT_ATTACK_PIECES } from "@/test-support/redirect-attacks";

const ORIGIN = "https://site.example";
/** A page some levels deep, as a browser resolves a relative Location from it. */
const FROM_PAGE = `${ORIGIN}/en/works/some-work`;

const row = (from: unknown, toPath: unknown, permanent: unknown = true): RedirectRowInput => ({
  from,
  toDocument: null,
  toPath,
  permanent,
});
const docRow = (from: string, url: unknown, broken = false): RedirectRowInput => ({
  from,
  toDocument: { url, broken },
  toPath: null,
  permanent: true,
});

/** The table of these rows, with these works published (`<lang>/<uid>`). */
function tableOf(rows: RedirectRowInput[], liveWorks: string[] = []) {
  const parsed = parseRedirectRows(rows);
  const built = buildRedirectTable(parsed.candidates, new Set(liveWorks));
  return { ...built, refused: [...parsed.refused, ...built.refused].sort((a, b) => a.row - b.row), parsed };
}

/** Where a redirect leads: its target as the request router's Location writes it (routerRedirect). */
function locationOf(found: ReturnType<typeof redirectLocation>): string | undefined {
  if (!found) return undefined;
  const sent = new URL(routerRedirect(ROUTER_URL, found.target, found.status).headers.get("location")!);
  expect(sent.origin).toBe(new URL(ROUTER_URL).origin);
  return `${sent.pathname}${sent.search}${sent.hash}`;
}
/** The request router's own URL, which its Location is built on. */
const ROUTER_URL = "http://127.0.0.1:3000/old";

const target = (path: string, query = "", hash = "") => ({ path, query, hash });

function expectOnSite(location: string) {
  expect(location.startsWith("/")).toBe(true);
  expect(new URL(location, FROM_PAGE).origin).toBe(ORIGIN);
  expect(new URL(location, "http://other.invalid/a/b/").origin).toBe("http://other.invalid");
}

describe("an editor's redirect", () => {
  test("sends a former work uid to the work, keeping the visitor's query", () => {
    const { table, refused } = tableOf([docRow("/works/courant-electrique", "/works/electrique")]);
    expect(refused).toEqual([]);
    expect(redirectLocation(table, "/works/courant-electrique", "")).toEqual({
      status: 308,
      target: target("/works/electrique"),
    });
    expect(redirectLocation(table, "/works/courant-electrique", "utm_source=news&x=1")).toEqual({
      status: 308,
      target: target("/works/electrique", "utm_source=news&x=1"),
    });
    expect(locationOf(redirectLocation(table, "/works/courant-electrique", "utm_source=news&x=1"))).toBe(
      "/works/electrique?utm_source=news&x=1",
    );
  });

  test("the visitor's query is carried as the front passed it (bounded there), under the target's own", () => {
    const { table } = tableOf([row("/old", "/works?page=2")]);
    const long = `utm_source=${"x".repeat(2_000)}`;
    expect(redirectLocation(table, "/old", long)).toEqual({
      status: 308,
      target: target("/works", `page=2&${long}`),
    });
  });

  test("permanent is 308, temporary 307", () => {
    const { table } = tableOf([row("/old", "/works", true), row("/soon", "/contact", false)]);
    expect(redirectLocation(table, "/old", "")?.status).toBe(308);
    expect(redirectLocation(table, "/soon", "")?.status).toBe(307);
  });

  test("matches with or without a trailing slash, in any case, decoded and NFC", () => {
    const { table } = tableOf([
      row("/Showreel/", "/works"),
      row("/en/réalisations", "/en/works"),
      row("/caf%C3%A9", "/contact"),
    ]);
    for (const path of ["/showreel", "/showreel/", "/SHOWREEL", "/%73howreel"])
      expect(redirectLocation(table, path, "")?.target.path).toBe("/works");
    // é as one code point, and as e + combining accent, encoded as a browser sends them.
    expect(redirectLocation(table, "/en/r%C3%A9alisations", "")?.target.path).toBe("/en/works");
    expect(redirectLocation(table, "/en/re%CC%81alisations", "")?.target.path).toBe("/en/works");
    expect(redirectLocation(table, "/café", "")?.target.path).toBe("/contact");
    expect(redirectLocation(table, "/en/showreel", "")).toBeUndefined();
    expect(redirectLocation(table, "/showreel/x", "")).toBeUndefined();
  });

  test("the target's own query wins over the visitor's parameter of the same name; the rest follow", () => {
    const { table } = tableOf([row("/old-list", "/works?page=2&ref=old#top")]);
    expect(redirectLocation(table, "/old-list", "ref=mail&utm_source=x")?.target).toEqual(
      target("/works", "page=2&ref=old&utm_source=x", "#top"),
    );
    expect(locationOf(redirectLocation(table, "/old-list", "ref=mail&utm_source=x"))).toBe(
      "/works?page=2&ref=old&utm_source=x#top",
    );
    expect(mergeQuery("a=1&b=2&a=3", "a=9")).toBe("a=9&b=2");
    expect(mergeQuery("", "a=9")).toBe("a=9");
    expect(mergeQuery("a%20b=1&c", "a+b=2")).toBe("a+b=2&c");
  });

  test.each([
    "discount=100%25",
    "x=%5C",
    "q=%C3",
    "a=%2F%2Fevil.example",
    "redirect=//evil.example",
    "x=%5C%5Cevil.example&y=%",
    "%0D%0ASet-Cookie:a=1",
    "q=caf%C3%A9%20x",
  ])("an odd visitor's query (%s) never changes the target: it is carried beside it", (query) => {
    const { table } = tableOf([row("/old", "/works?page=2#list")]);
    const found = redirectLocation(table, "/old", query);
    expect(found).toEqual({ status: 308, target: target("/works", `page=2&${query}`, "#list") });
    const location = locationOf(found)!;
    expect(new URL(location, ORIGIN).pathname).toBe("/works");
    expect(location).toMatch(/^\/works\?page=2&[\x21-\x7e]*#list$/);
  });

  test("an encoded slash or malformed encoding in the request matches nothing", () => {
    const { table } = tableOf([row("/a/b", "/works")]);
    expect(redirectLocation(table, "/a%2Fb", "")).toBeUndefined();
    expect(redirectLocation(table, "/a/b%", "")).toBeUndefined();
  });
});

describe("rows refused at load, one reason each, the others kept", () => {
  test.each([
    ["https://evil.example/x", "not a path of this site"],
    ["//evil.example/x", "not a path of this site"],
    ["works/old", "not a path of this site"],
    ["/a\\b", "backslash"],
    ["/a%5Cb", "encoded separator"],
    ["/a%2Fb", "encoded separator"],
    ["/a%252Fb", "encoded separator"],
    ["/a?x=1", "query"],
    ["/a#x", "fragment"],
    ["/a\tb", "control character"],
    ["/a%0Ab", "hides a forbidden character"],
    ["/a%3Fb", "hides a forbidden character"],
    ["/a//b", "empty segment"],
    ["/a/../works", "dot segment"],
    ["/a/%2e%2e/works", "dot segment"],
    ["/%E0%A4%A", "not valid percent-encoding"],
    ["/_next/static/x.js", "not a page of the site"],
    ["/_next/anything", "not a page of the site"],
    ["/api/revalidate", "not a page of the site"],
    ["/api/made-up", "not a page of the site"],
    ["/%61pi/health", "not a page of the site"],
    ["/assets/cover.jpg", "not a page of the site"],
    ["/sitemap.xml", "not a page of the site"],
    ["/preview", "not a page of the site"],
    ["/not-found", "where broken links go"],
    ["/en/not-found/", "where broken links go"],
    ["/", "live page"],
    ["/en", "live page"],
    ["/works", "live page"],
    ["/WORKS/", "live page"],
    ["/en/works-completed", "live page"],
    ["/contact", "live page"],
    ["/en/legals", "live page"],
    ["", "empty"],
    [null, "empty"],
    ["/".padEnd(3000, "a"), "longer than"],
    // Short in characters, past what a visitor's request may name once encoded (the front's 414).
    [`/${"é".repeat(200)}`, "longer than 1024 bytes once encoded"],
  ])("from %j: %s", (from, reason) => {
    const { refused, table } = tableOf([row(from, "/works"), row("/kept", "/works")]);
    expect(refused).toHaveLength(1);
    expect(refused[0].row).toBe(1);
    expect(refused[0].reason).toContain(reason);
    expect(table.size).toBe(1);
  });

  test.each([
    "https://evil.example/",
    "http:/evil.example",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\/evil.example",
    "/%2F/evil.example",
    "/%2f%2fevil.example",
    "/%5Cevil.example",
    "/%252F%252Fevil.example",
    "/works%2F..%2F..%2F%2Fevil.example",
    "/.//evil.example",
    "/..//evil.example",
    "/%2e//evil.example",
    "javascript:alert(1)",
    "/\tjavascript:alert(1)",
    "/\n/evil.example",
    "/%0a/evil.example",
    "/%09/evil.example",
    "/works\u0000",
    "data:text/html,x",
    "evil.example",
    "works",
    " //evil.example",
    "/%",
  ])("to %j leaves the site: refused", (to) => {
    const { refused, table } = tableOf([row("/old", to), row("/kept", "/works")]);
    expect(refused.map((r) => r.row)).toEqual([1]);
    expect(table.has("/old")).toBe(false);
  });

  test("a work that exists is a live page; one that does not (a renamed uid) is redirected", () => {
    const { refused, table } = tableOf(
      [row("/works/electrique", "/works"), row("/works/courant-electrique", "/works/electrique")],
      ["fr/electrique"],
    );
    expect(refused).toEqual([{ row: 1, reason: expect.stringContaining("live page") }]);
    expect([...table.keys()]).toEqual(["/works/courant-electrique"]);
    // The language is the path's: the English work of that uid does not make the French path live.
    expect(tableOf([row("/en/works/electrique", "/en/works")], ["fr/electrique"]).table.size).toBe(1);
  });

  test("the works to ask about are the candidates' work paths", () => {
    const { parsed } = tableOf([
      row("/works/a", "/works"),
      row("/en/works/b", "/en/works"),
      row("/works/a/b", "/works"),
      row("/old", "/works"),
    ]);
    expect(parsed.candidates.map((c) => c.work)).toEqual([
      { lang: "fr", uid: "a" },
      { lang: "en", uid: "b" },
      undefined,
      undefined,
    ]);
  });

  test("duplicates: the first is kept (whatever the case or trailing slash)", () => {
    const { refused, table } = tableOf([row("/old", "/works"), row("/OLD/", "/contact")]);
    expect(refused).toEqual([{ row: 2, reason: expect.stringContaining("repeats row 1") }]);
    expect(redirectLocation(table, "/old", "")?.target.path).toBe("/works");
  });

  test("a document link: its address, unless broken; both a page and a path, or neither, refused", () => {
    const { refused, table } = tableOf([
      docRow("/a", "/en/works/electric"),
      docRow("/b", "/not-found", true),
      docRow("/c", null),
      { from: "/d", toDocument: { url: "/works", broken: false }, toPath: "/contact", permanent: true },
      row("/e", "  "),
      docRow("/f", "https://evil.example/"),
    ]);
    expect(redirectLocation(table, "/a", "")?.target.path).toBe("/en/works/electric");
    expect(refused.map((r) => r.row)).toEqual([2, 3, 4, 5, 6]);
    expect(refused[2].reason).toContain("both");
    expect(refused[3].reason).toContain("nowhere to go");
  });

  test("past the first 1,000 rows, the rest are refused together", () => {
    const rows = Array.from({ length: MAX_REDIRECTS + 5 }, (_, i) => row(`/old-${i}`, "/works"));
    const { parsed, table } = tableOf(rows);
    expect(table.size).toBe(MAX_REDIRECTS);
    expect(parsed.overflow).toBe(5);
    expect(table.has(`/old-${MAX_REDIRECTS}`)).toBe(false);
  });

  test("the document's rows are read whatever their shape", () => {
    expect(
      rowFromContent({
        from: "/a",
        to_document: { link_type: "Document", id: "x", url: "/works/b", isBroken: false },
        to_path: null,
        permanent: false,
      }),
    ).toEqual({ from: "/a", toDocument: { url: "/works/b", broken: false }, toPath: null, permanent: false });
    expect(rowFromContent({ from: "/a", to_document: { link_type: "Any" }, to_path: "/works" })).toEqual({
      from: "/a",
      toDocument: null,
      toPath: "/works",
      permanent: undefined,
    });
    for (const junk of [null, 3, "x", [], { to_document: "x" }])
      expect(tableOf([rowFromContent(junk)]).refused).toHaveLength(1);
  });
});

describe("a target a visitor could not follow, or a Location past what a proxy takes", () => {
  test.each([
    [`/${"é".repeat(200)}`, "longer than 1024 bytes once encoded"],
    [`/works?x=${"é".repeat(200)}`, "query and fragment longer than 1024 bytes"],
    [`/works#${"a".repeat(1100)}`, "query and fragment longer than 1024 bytes"],
  ])("to %j is refused: %s", (to, reason) => {
    const { refused, table } = tableOf([row("/old", to), row("/kept", "/works")]);
    expect(refused).toHaveLength(1);
    expect(refused[0].reason).toContain(reason);
    expect(table.size).toBe(1);
  });
});

describe("chains and loops", () => {
  test("a chain is followed to its end: one hop for visitors, permanent only if every hop is", () => {
    const { table, followed, refused } = tableOf([
      row("/a", "/b?x=1"),
      row("/b", "/c", false),
      row("/c", "/works?y=2#list"),
    ]);
    expect(refused).toEqual([]);
    expect(redirectLocation(table, "/a", "v=0")).toEqual({
      status: 307,
      target: target("/works", "y=2&x=1&v=0", "#list"),
    });
    expect(redirectLocation(table, "/c", "")).toEqual({
      status: 308,
      target: target("/works", "y=2", "#list"),
    });
    expect(followed.map((f) => f.row)).toEqual([1, 2]);
  });

  test("a chain through a trailing slash or another case is still a chain", () => {
    const { table } = tableOf([row("/a", "/B/"), row("/b", "/works")]);
    expect(redirectLocation(table, "/a", "")?.target.path).toBe("/works");
  });

  test("loops are refused, and every row that runs into one; the rest kept", () => {
    const { table, refused } = tableOf([
      row("/a", "/b"),
      row("/b", "/a"),
      row("/self", "/Self/"),
      row("/into", "/a"),
      row("/fine", "/works"),
    ]);
    expect(refused.map((r) => r.row)).toEqual([1, 2, 3, 4]);
    expect(refused.every((r) => r.reason.includes("loop"))).toBe(true);
    expect([...table.keys()]).toEqual(["/fine"]);
  });

  test("a target that is a live work's path is not a chain (that row was refused)", () => {
    const { table } = tableOf(
      [row("/a", "/works/electrique"), row("/works/electrique", "/works")],
      ["fr/electrique"],
    );
    expect(redirectLocation(table, "/a", "")?.target.path).toBe("/works/electrique");
  });
});

describe("generated attacks: no row ever produces a Location that leaves the site", () => {
  /**
   * The target's path is on the site by itself (the router's guard never has to replace it), and
   * the Location sent, whatever the visitor's query, leads to that path.
   */
  function expectLeadsOnSite(found: NonNullable<ReturnType<typeof redirectLocation>>) {
    expectOnSite(found.target.path);
    expect(found.target.path).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
    const location = locationOf(found)!;
    expectOnSite(location);
    expect(new URL(location, ORIGIN).pathname).toBe(found.target.path);
  }

  const hostile = fc.oneof(
    attackPieces(8),
    attackPieces(6).map((joined) => `/${joined}`),
    fc.string({ unit: "grapheme", maxLength: 20 }),
    fc.webUrl({ withQueryParameters: true }),
    fc.webUrl().map((url) => url.replace(/^https?:/, "")),
  );
  const query = fc.oneof(
    fc.string({ maxLength: 20 }),
    attackPieces(5),
    fc.constantFrom("", "x=1", "redirect=//evil.example", "a=%2F%2Fevil"),
  );

  /** Hostile, or plain paths that chain into each other and into hostile ones. */
  const rowPath = fc.oneof(
    hostile,
    fc.constantFrom("/a", "/b", "/A/", "/en/a", "/works", "/works/old"),
    attackPieces(6).map((joined) => `/a/${joined}`),
  );

  test("hostile from and to, chained among themselves", () => {
    let redirected = 0;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(rowPath, rowPath, fc.boolean()), { minLength: 1, maxLength: 6 }),
        query,
        (pairs, visitorQuery) => {
          const rows = pairs.map(([from, to, permanent]) => row(from, to, permanent));
          const { table } = tableOf(rows);
          for (const [from] of pairs) {
            for (const path of [from, encodeURI(from), `/${from}`]) {
              const found = redirectLocation(table, path, visitorQuery);
              if (found) expectLeadsOnSite(found);
            }
          }
          for (const [key, redirect] of table) {
            const found = redirectLocation(table, encodeURI(key), visitorQuery);
            expect(found?.status).toBe(redirect.status);
            expectLeadsOnSite(found!);
            redirected++;
          }
        },
      ),
      { numRuns: 2_000, seed: 25 },
    );
    // The generator reaches accepted rows, not only refusals.
    expect(redirected).toBeGreaterThan(200);
  });

  test("every accepted target, however built, is a same-site path as sent", () => {
    let accepted = 0;
    const target = fc.oneof(
      hostile,
      fc
        .tuple(fc.constantFrom(...REDIRECT_ATTACK_PIECES), attackPieces(6))
        .map(([head, tail]) => `/${head}${tail}`),
    );
    fc.assert(
      fc.property(target, (to) => {
        const parsed = parseTarget(to, "to");
        if (!parsed.ok) return;
        const location = `${parsed.value.path}${parsed.value.query ? `?${parsed.value.query}` : ""}${parsed.value.hash}`;
        expectOnSite(location);
        expect(location).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
        accepted++;
      }),
      { numRuns: 3_000, seed: 26 },
    );
    expect(accepted).toBeGreaterThan(300);
  });

  test("no hostile from is ever a path outside the pages, a live page or a double encoding", () => {
    fc.assert(
      fc.property(hostile, (from) => {
        const parsed = parseFrom(from);
        if (!parsed.ok) return;
        expect(["not-found", "work"]).toContain(parsed.value.resolved.kind);
        expect(parsed.value.key.startsWith("/")).toBe(true);
        expect(parsed.value.key).not.toMatch(/\/\/|\\|[\u0000-\u001f]|^\/(?:_next|api|assets)(?:\/|$)/);
      }),
      { numRuns: 3_000, seed: 27 },
    );
  });
});
