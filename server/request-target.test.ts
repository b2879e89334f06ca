import fc from "fast-check";

import { LANGS, localePath, type Lang } from "@/lib/i18n/locales";
import { decodeBytes, encodeQueryBytes, parameterName } from "@/lib/net/url-encoding.mjs";
import { outsideQueryUse } from "@/lib/routing/outside-paths.mjs";
import { requestRules } from "@/lib/routing/request-rules";
import { listPublicPath, MAX_LIST_PAGE, type ListView } from "@/lib/routing/resolve-path";
import { LIST_TYPES } from "@/lib/site/page-types";
import { categorySlug, WORK_CATEGORIES } from "@/lib/site/work-categories";
import { attackPieces } from "@/test-support/redirect-attacks";

import {
  canonicalPath,
  decideRequest,
  documentTarget,
  FRONT_HEADERS,
  MAX_KEPT_QUERY_BYTES,
  MAX_PATH_BYTES,
  MAX_TARGET_BYTES,
  provideRequestRules,
  requestRulesFrom,
} from "@/server/request-target.mjs";

/**
 * The front decides every target once, with the site's real page grammar (the request router's
 * own rules): the tables hold the decisions a reader can check by eye, the properties hold them
 * over generated spellings of the site's own URLs and over anything a client can put on a request
 * line.
 */

type Request = { method?: string; rsc?: boolean };
const decide = (target: string, { method = "GET", rsc = false }: Request = {}) =>
  decideRequest({ method, target, rsc }, requestRules);

const pass = (target: string, headers: Record<string, string> = {}) => ({ action: "pass", target, headers });
const redirect = (location: string) => ({ action: "redirect", location });

/** A value a header or a Location may carry as it is: printable ASCII, nothing else. */
const PRINTABLE = /^[\x21-\x7e]*$/;
/** The parameters a page's pass target may hold: a list's, then Next's navigation hash. */
const PAGE_PARAMS = ["category", "page", "_rsc"];
/** A pass target's longest: the longest path, a list's own parameters, Next's hash. */
const MAX_PASS_BYTES = MAX_PATH_BYTES + 128;
/** A Location's longest: the path, a list's own parameters, the visitor's kept parameters. */
const MAX_LOCATION_BYTES = MAX_PATH_BYTES + MAX_KEPT_QUERY_BYTES + 64;

describe("refused: a target no browser sends", () => {
  test.each([
    // Raw characters every browser encodes, anywhere in the target.
    '/works?q="x"',
    '/wo"rks',
    "/<script>",
    "/works?q=<b>",
    "/works?q=a>b",
    "/works\\evil",
    "/\\evil.example",
    "/works?q=%5C\\",
    "/works#top",
    "/works?page=2#x",
    "/works?x#&page=2",
    "/works/caf\u00e9",
    "/works?q=caf\u00e9",
    "/works?q=\u00ff",
    "/works\u0000",
    "/works?q=a\tb",
    "/a b",
    "/works?q=a b",
    "/works?q=\u007f",
    "/works\r\nSet-Cookie:a=1",
    // In a path, a browser encodes these too (in a query it sends them as they are).
    "/works/`x`",
    "/works/{x}",
    "/a}",
    // A malformed or non-UTF-8 percent-encoding in the path.
    "/works/%",
    "/works/100%",
    "/works/%zz",
    "/works/%4",
    "/caf%C3",
    "/%C3/works",
    "/%80",
    "/%C0%AF",
    "/%ED%A0%80",
    "/%F4%90%80%80",
    "/%FF",
    "/assets/%E0%A4%A",
    "/_next/static/%zz",
    // Not a path: asterisk, absolute and bare forms.
    "*",
    "",
    "works",
    "?page=2",
    "http://evil.example/works",
    "https://studio.example/",
  ])("%j is a 400", (target) => {
    for (const request of [{}, { method: "POST" }, { rsc: true }, { method: "HEAD" }])
      expect(decide(target, request)).toMatchObject({ action: "refuse", status: 400 });
  });

  test("in a query, the characters a browser sends as they are pass, re-encoded", () => {
    // On a page, a navigation is sent to the re-encoded spelling; on a 404's path, the query goes
    // to the router re-encoded (an editor's redirect keeps it, in one hop).
    expect(decide("/works?q=`{x}`|^[]")).toEqual(redirect("/works?q=%60%7Bx%7D%60%7C%5E%5B%5D"));
    expect(decide("/made-up?q=`{x}`|^[]", { method: "POST" })).toEqual(
      pass("/not-found", {
        [FRONT_HEADERS.path]: "/made-up",
        [FRONT_HEADERS.query]: "q=%60%7Bx%7D%60%7C%5E%5B%5D",
      }),
    );
  });

  test("a target longer than 8192 bytes, or a path longer than 1024 in the site's spelling, is a 414", () => {
    expect(decide(`/${"a".repeat(MAX_TARGET_BYTES)}`)).toMatchObject({ action: "refuse", status: 414 });
    expect(decide(`/works?q=${"x".repeat(MAX_TARGET_BYTES)}`)).toMatchObject({ status: 414 });
    // Even one that would be a 400 otherwise: its length is read first.
    expect(decide(`/<${"x".repeat(MAX_TARGET_BYTES)}`)).toMatchObject({ status: 414 });
    expect(decide(`/${"a".repeat(MAX_PATH_BYTES)}`)).toMatchObject({ status: 414 });
    // A handler's query re-encoded past the limit (raw braces become three bytes each): what Next
    // would get, and may echo, stays within it.
    expect(decide(`/preview?token=${"{".repeat(3000)}`)).toMatchObject({ action: "refuse", status: 414 });
    expect(decide(`/preview?token=${"{".repeat(2000)}`)).toMatchObject({ action: "pass" });
    // Counted as the site writes it: each "|" is three bytes there.
    expect(decide(`/${"|".repeat(342)}`)).toMatchObject({ status: 414 });
    expect(decide(`/${"|".repeat(341)}`)).toEqual(redirect(`/${"%7C".repeat(341)}`));
    // And a long spelling of a short path is only that: redirected.
    expect(decide(`/${"./".repeat(600)}works`)).toEqual(redirect("/works"));
    const longest = `/${"a".repeat(MAX_PATH_BYTES - 1)}`;
    expect(decide(longest)).toMatchObject({ action: "pass", headers: { [FRONT_HEADERS.path]: longest } });
    const atLimit = `/made-up?q=${"x".repeat(MAX_TARGET_BYTES - 11)}`;
    expect(atLimit).toHaveLength(MAX_TARGET_BYTES);
    // Passed without the query too long to keep; on a page, a navigation is sent where it is dropped.
    expect(decide(`/works?q=${"x".repeat(MAX_KEPT_QUERY_BYTES)}`)).toEqual(redirect("/works"));
    expect(decide(atLimit, { method: "POST" })).toEqual(
      pass("/not-found", { [FRONT_HEADERS.path]: "/made-up" }),
    );
  });

  test("the image optimiser only in its one spelling", () => {
    const image = "/_next/image?url=%2Fassets%2Fcover.jpg&w=640&q=75";
    expect(decide(image)).toEqual(pass(image));
    expect(decide(image, { method: "HEAD" })).toEqual(pass(image));
    for (const target of [
      "/_next/image",
      "/_next/image?",
      "/_next/image?url=%2fassets%2fcover.jpg&w=640&q=75",
      "/_next/image?w=640&url=%2Fassets%2Fcover.jpg&q=75",
      "/_next/image?url=%2Fassets%2Fcover.jpg&w=640&q=75&",
      "/_next/image?url=%2Fassets%2Fcover.jpg&w=640&q=75&v=2",
      "/_next/image?url=%2Fassets%2F..%2Fcover.jpg&w=640&q=75",
      "/_next/image?url=https%3A%2F%2Fevil.example%2Fa.jpg&w=640&q=75",
      "/_next//image?url=%2Fassets%2F%63over.jpg&w=640&q=75",
    ])
      expect(decide(target)).toMatchObject({ action: "refuse", status: 400 });
    // Its path spelled otherwise is the one resource: sent to the one spelling, which passes.
    expect(decide("/_next//image?url=%2Fassets%2Fcover.jpg&w=640&q=75")).toEqual(redirect(image));
    expect(decide("/_next/%69mage?url=%2Fassets%2Fcover.jpg&w=640&q=75", { method: "POST" })).toEqual(
      pass(image),
    );
  });
});

describe("redirected: a page spelled otherwise goes to its one URL (GET and HEAD, not RSC)", () => {
  test.each([
    // Slashes: trailing, doubled, leading.
    ["/works/", "/works"],
    ["/en/", "/en"],
    ["//", "/"],
    ["//works", "/works"],
    ["/works//", "/works"],
    ["/en//works", "/en/works"],
    ["/works/hors-champ/", "/works/hors-champ"],
    // Dot segments, plain or encoded, resolved as a browser would.
    ["/.", "/"],
    ["/./works", "/works"],
    ["/works/.", "/works"],
    ["/en/works/../contact", "/en/contact"],
    ["/../works", "/works"],
    ["/%2e%2e/works", "/works"],
    ["/en/%2E/legals", "/en/legals"],
    ["/works/x/%2e%2E", "/works"],
    ["/works/x/.%2e/hors-champ", "/works/hors-champ"],
    // Encodings: unreserved characters as themselves, upper-case hex for the rest.
    ["/%63ontact", "/contact"],
    ["/%65n/works", "/en/works"],
    ["/works/hors%2Dchamp", "/works/hors-champ"],
    ["/en/works/night%5fwatch.2", "/en/works/night_watch.2"],
    ["/caf%c3%a9", "/caf%C3%A9"],
    ["/works/caf%c3%a9", "/works/caf%C3%A9"],
    ["/a%2fb", "/a%2Fb"],
    ["/works/a|b", "/works/a%7Cb"],
    // A list's parameters: in its order, page 1 unwritten, each as the site writes it.
    ["/works?page=1", "/works"],
    ["/en/works-completed?page=1", "/en/works-completed"],
    ["/works?page=2&category=film", "/works?category=film&page=2"],
    ["/en/works-completed?page=%32", "/en/works-completed?page=2"],
    ["/works?pa%67e=2", "/works?page=2"],
    ["/works?category=brand%2Dcontent&page=2", "/works?category=brand-content&page=2"],
    ["/works?%63ategory=brand-content&page=%32", "/works?category=brand-content&page=2"],
    ["/works?page=2&category=brand-content", "/works?category=brand-content&page=2"],
    ["/works/?category=film", "/works?category=film"],
    // A trailing "?" is a second spelling too.
    ["/works?", "/works"],
    ["/?", "/"],
    ["/contact?", "/contact"],
    // A path nothing serves is still spelled one way before it is a 404.
    ["/made-up/", "/made-up"],
    ["/works/a/../b/", "/works/b"],
    // Files and handlers: the path's one spelling; a file keeps no query.
    ["/assets/./x.jpg?v=2", "/assets/x.jpg"],
    ["/_next/static//chunks/a.js?v=2", "/_next/static/chunks/a.js"],
    ["/preview/?token=a&documentId=d", "/preview?token=a&documentId=d"],
    ["/slice-simulator/", "/slice-simulator"],
  ])("%s → %s", (target, location) => {
    expect(decide(target)).toEqual(redirect(location));
    expect(decide(target, { method: "HEAD" })).toEqual(redirect(location));
  });

  test.each([
    ["/works?page=1&utm_source=news&x=%2F%2Fy", "/works?utm_source=news&x=%2F%2Fy"],
    ["/en/works-completed?utm_source=news&page=1&x=%2F%2Fy", "/en/works-completed?utm_source=news&x=%2F%2Fy"],
    [
      "/en/works-completed?page=%32&category=film&utm_source=a",
      "/en/works-completed?category=film&page=2&utm_source=a",
    ],
    ["/works?ref=a&page=2&category=brand-content", "/works?category=brand-content&page=2&ref=a"],
    // Re-encoded: a valid escape kept (hex in upper case), a stray "%" escaped, a quote encoded.
    ["/works?page=1&q=it's&x=%zz&y=%c3%a9&z=100%", "/works?q=it%27s&x=%25zz&y=%C3%A9&z=100%25"],
    ["/works/?discount=100%25&x=%5C&q=%C3", "/works?discount=100%25&x=%5C&q=%C3"],
    // Repeated and unknown parameters are the visitor's: kept, in their order.
    ["/works/?a=1&a=2&Page=3&b", "/works?a=1&a=2&Page=3&b"],
    // Next's navigation hash is never part of a navigation's URL.
    ["/works?page=1&_rsc=abc", "/works"],
    ["/made-up/?_rsc=abc&x=1", "/made-up?x=1"],
    // A path nothing serves keeps every parameter, a list's included (it reads none of them).
    ["/made-up/?page=1&category=film", "/made-up?page=1&category=film"],
    // A handler keeps its own query, re-encoded.
    ["/preview/?token=a'b", "/preview?token=a%27b"],
  ])("%s → %s: the visitor's other parameters follow", (target, location) => {
    expect(decide(target)).toEqual(redirect(location));
  });

  test("the visitor's other parameters follow up to 1024 bytes, re-encoded; past that, none do", () => {
    const fits = `utm_source=${"x".repeat(MAX_KEPT_QUERY_BYTES - 11)}`;
    expect(fits).toHaveLength(MAX_KEPT_QUERY_BYTES);
    expect(decide(`/works?page=1&${fits}`)).toEqual(redirect(`/works?${fits}`));
    expect(decide(`/works?page=1&${fits}x`)).toEqual(redirect("/works"));
    expect(decide(`/works?page=2&category=film&${fits}x`)).toEqual(redirect("/works?category=film&page=2"));
    // Counted re-encoded: 342 quotes are 1026 bytes.
    expect(decide(`/works/?q=${"'".repeat(340)}`)).toEqual(redirect(`/works?q=${"%27".repeat(340)}`));
    expect(decide(`/works/?q=${"'".repeat(341)}`)).toEqual(redirect("/works"));
  });

  test("a POST or a client navigation (RSC) is never redirected: it passes as the site spells it", () => {
    for (const [target, canonical] of [
      ["/works/", "/works"],
      ["//en/./works/../contact", "/en/contact"],
      ["/works?page=1", "/works"],
      ["/works?page=%32&category=film", "/works?category=film&page=2"],
      ["/works?", "/works"],
      ["/works/hors%2dchamp", "/works/hors-champ"],
    ]) {
      expect(decide(target, { method: "POST" })).toEqual(pass(canonical));
      expect(decide(target, { rsc: true })).toEqual(pass(canonical));
      expect(decide(target, { method: "PUT" })).toEqual(pass(canonical));
    }
    expect(decide("/works/?page=2&category=film&_rsc=a1&utm=x", { rsc: true })).toEqual(
      pass("/works?category=film&page=2&_rsc=a1", { [FRONT_HEADERS.query]: "utm=x" }),
    );
    expect(decide("/made-up/?x=1", { method: "POST" })).toEqual(
      pass("/not-found", { [FRONT_HEADERS.path]: "/made-up", [FRONT_HEADERS.query]: "x=1" }),
    );
  });
});

describe("passed: the target as the site spells it, holding only what the path reads", () => {
  test.each([
    ["/", "/", {}],
    ["/works?category=film&page=2", "/works?category=film&page=2", {}],
    ["/works?utm_source=news&page=2", "/works?page=2", { query: "utm_source=news" }],
    ["/works?utm_source=x&category=film&page=2", "/works?category=film&page=2", { query: "utm_source=x" }],
    ["/works?category=film&&page=2", "/works?category=film&page=2", {}],
    ["/works?category=brand-content&page=2", "/works?category=brand-content&page=2", {}],
    // A navigation carrying Next's hash is still the list as written: no redirect, the hash dropped.
    ["/works?category=brand-content&page=2&_rsc=abc", "/works?category=brand-content&page=2", {}],
    ["/works?_rsc=abc&category=brand-content&page=2", "/works?category=brand-content&page=2", {}],
    ["/en/works-completed", "/en/works-completed", {}],
    ["/legals?email=a%40b.example", "/legals", { query: "email=a%40b.example" }],
    ["/contact?page=abc&utm_source=x", "/contact", { query: "page=abc&utm_source=x" }],
    ["/works/hors-champ?page=2", "/works/hors-champ", { query: "page=2" }],
    ["/en?q=caf%c3%a9", "/en", { query: "q=caf%C3%A9" }],
    // Next's navigation hash without Next's RSC header is no navigation's: dropped.
    ["/works?_rsc=abc", "/works", {}],
    ["/works?_rsc&_rsc=", "/works", {}],
    ["/?_rsc=abc&x", "/", { query: "x" }],
  ])("%s passes as %s", (target, expected, { query }: { query?: string }) => {
    const passed = pass(expected, query ? { [FRONT_HEADERS.query]: query } : {});
    expect(decide(target, { method: "POST" })).toEqual(passed);
    // A navigation passes only when spelled as the page's one URL (the visitor's others after the
    // page's own); else it is sent there.
    const location = query ? `${expected}${expected.includes("?") ? "&" : "?"}${query}` : expected;
    expect(decide(target)).toEqual(target === location ? passed : redirect(location));
  });

  test("Next's navigation hash on an RSC request only, and only well formed", () => {
    expect(decide("/works?_rsc=abc", { rsc: true })).toEqual(pass("/works?_rsc=abc"));
    expect(decide("/en/works?page=3&_rsc=x&ref=y", { rsc: true })).toEqual(
      pass("/en/works?page=3&_rsc=x", { [FRONT_HEADERS.query]: "ref=y" }),
    );
    expect(decide("/works?_rsc=A-b_9&category=film", { rsc: true })).toEqual(
      pass("/works?category=film&_rsc=A-b_9"),
    );
    // Next's client writes an empty hash when it has no router state to hash.
    expect(decide("/works?_rsc=", { rsc: true })).toEqual(pass("/works?_rsc="));
    expect(decide("/works?_rsc&page=2", { rsc: true })).toEqual(pass("/works?page=2&_rsc"));
    for (const value of ["a.b", "a%20b", "a%2Db", "a'b", "x".repeat(65)])
      expect(decide(`/works?_rsc=${value}`, { rsc: true })).toEqual(pass("/works"));
    // Only the last well-formed one: Next's client appends its hash after what the URL held.
    expect(decide("/works?_rsc=a.b&_rsc=ok&_rsc=two", { rsc: true })).toEqual(pass("/works?_rsc=two"));
    expect(decide("/en?_rsc&_rsc=HEAvJdHAQJrUAe2K", { rsc: true })).toEqual(
      pass("/en?_rsc=HEAvJdHAQJrUAe2K"),
    );
    // Spelled otherwise, it is not Next's: the visitor's, in the header at most.
    expect(decide("/works?_%72sc=abc", { rsc: true })).toEqual(
      pass("/works", { [FRONT_HEADERS.query]: "_%72sc=abc" }),
    );
  });

  test.each([
    ["/assets/x.jpg?v=2", "/assets/x.jpg"],
    ["/_next/static/chunks/a.js?v=2", "/_next/static/chunks/a.js"],
    ["/_next/static/chunks/app/%5Blang%5D/page-1.js?dpl=x", "/_next/static/chunks/app/%5Blang%5D/page-1.js"],
    ["/favicon.ico?x", "/favicon.ico"],
    ["/assets/x.jpg?", "/assets/x.jpg"],
    ["/sitemap.xml?page=2", "/sitemap.xml"],
    ["/sitemaps/1.xml?x", "/sitemaps/1.xml"],
    ["/robots.txt?utm=1", "/robots.txt"],
    ["/api/metrics?x=1", "/api/metrics"],
  ])("a file reads no query: %s passes as %s", (target, expected) => {
    expect(decide(target)).toEqual(pass(expected));
    expect(decide(target, { rsc: true })).toEqual(pass(expected));
  });

  test.each([
    ["/preview?token=t&documentId=d", "/preview?token=t&documentId=d"],
    ["/preview?token=a'b%zz&x=%c3%a9", "/preview?token=a%27b%25zz&x=%C3%A9"],
    ["/api/exit-preview?redirect=/works", "/api/exit-preview?redirect=/works"],
    ["/api/revalidate?secret=s", "/api/revalidate?secret=s"],
    ["/api/health?", "/api/health"],
    ["/slice-simulator?state=x", "/slice-simulator?state=x"],
  ])("a handler keeps its own query, re-encoded: %s passes as %s", (target, expected) => {
    const method = target.endsWith("?") ? "POST" : "GET";
    expect(decide(target, { method })).toEqual(pass(expected));
  });

  test.each([
    ["/made-up", "/not-found", "/made-up", undefined],
    ["/made-up?utm=1", "/not-found", "/made-up", "utm=1"],
    ["/en/made-up", "/en/not-found", "/en/made-up", undefined],
    ["/works/Upper", "/not-found", "/works/Upper", undefined],
    ["/works/a/b", "/not-found", "/works/a/b", undefined],
    ["/works/BAD%20uid", "/not-found", "/works/BAD%20uid", undefined],
    ["/fr/works", "/not-found", "/fr/works", undefined],
    ["/api/made-up", "/not-found", "/api/made-up", undefined],
    ["/_next/data/build/fr/legals.json", "/not-found", "/_next/data/build/fr/legals.json", undefined],
    ["/not-found", "/not-found", "/not-found", undefined],
    ["/en/not-found", "/en/not-found", "/en/not-found", undefined],
    ["/assets%2Fx.jpg", "/not-found", "/assets%2Fx.jpg", undefined],
    // A list read wrong: its parameters are the visitor's, as every other.
    ["/works?page=abc&utm=1", "/not-found", "/works", "page=abc&utm=1"],
    ["/works?page=0", "/not-found", "/works", "page=0"],
    ["/works?page=01", "/not-found", "/works", "page=01"],
    ["/works?page=2.5", "/not-found", "/works", "page=2.5"],
    ["/works?page=", "/not-found", "/works", "page="],
    ["/works?page=2&page=3", "/not-found", "/works", "page=2&page=3"],
    [`/works?page=${MAX_LIST_PAGE + 1}`, "/not-found", "/works", `page=${MAX_LIST_PAGE + 1}`],
    ["/works?page=%C3", "/not-found", "/works", "page=%C3"],
    ["/works?page=%", "/not-found", "/works", "page=%25"],
    ["/en/works?category=hologram", "/en/not-found", "/en/works", "category=hologram"],
    ["/works?category=Film", "/not-found", "/works", "category=Film"],
    ["/works?category=brand+content", "/not-found", "/works", "category=brand+content"],
    ["/works?category=brand%20content", "/not-found", "/works", "category=brand%20content"],
    ["/works?category=film&category=film", "/not-found", "/works", "category=film&category=film"],
    ["/works?category=", "/not-found", "/works", "category="],
    ["/works?category=all", "/not-found", "/works", "category=all"],
    ["/en/works?category=film&page=0&x=1", "/en/not-found", "/en/works", "category=film&page=0&x=1"],
  ])(
    "%s is the fixed 404 target %s, the visitor's path and query beside it",
    (target, fixed, path, query) => {
      const headers = { [FRONT_HEADERS.path]: path, ...(query ? { [FRONT_HEADERS.query]: query } : {}) };
      // Its path is already the site's: the query, however spelled, goes to the router re-encoded.
      expect(decide(target)).toEqual(pass(fixed, headers));
      expect(decide(target, { method: "POST" })).toEqual(pass(fixed, headers));
    },
  );

  test("a 404's RSC request keeps Next's hash on the fixed path; the visitor's too-long query is dropped", () => {
    expect(decide("/made-up?_rsc=abc&x=1", { rsc: true })).toEqual(
      pass("/not-found?_rsc=abc", { [FRONT_HEADERS.path]: "/made-up", [FRONT_HEADERS.query]: "x=1" }),
    );
    expect(decide(`/made-up?x=${"y".repeat(MAX_KEPT_QUERY_BYTES)}`, { method: "POST" })).toEqual(
      pass("/not-found", { [FRONT_HEADERS.path]: "/made-up" }),
    );
    expect(decide(`/made-up?x=${"y".repeat(MAX_KEPT_QUERY_BYTES)}`)).toEqual(
      pass("/not-found", { [FRONT_HEADERS.path]: "/made-up" }),
    );
    // A file asked for as RSC keeps Next's hash (Next checks it there too, else it redirects for ever).
    expect(decide("/robots.txt?_rsc=abc&x=1", { rsc: true })).toEqual(pass("/robots.txt?_rsc=abc"));
  });
});

describe("the path in the site's spelling", () => {
  test.each([
    ["/", "/"],
    ["", "/"],
    ["//a//b//", "/a/b"],
    ["/a/./b/../c", "/a/c"],
    ["/../../a", "/a"],
    ["/%2E%2e/a/%2e", "/a"],
    ["/%252e%252e", "/%252e%252e"],
    ["/a%2Fb", "/a%2Fb"],
    ["/%41%7e%7E", "/A~~"],
    ["/caf%c3%a9", "/caf%C3%A9"],
    ["/a'b(c)", "/a'b(c)"],
    ["/a+b", "/a+b"],
    ["/%", undefined],
    ["/%C3", undefined],
  ])("%j is %j", (raw, canonical) => {
    expect(canonicalPath(raw)).toBe(canonical);
  });
});

describe("the rules instrumentation.ts hands over", () => {
  test("are there for the front whether they came before it asked or after", async () => {
    const early = {};
    provideRequestRules(early, requestRules);
    await expect(requestRulesFrom(early)).resolves.toBe(requestRules);
    // Next runs instrumentation.ts without waiting for it: the front may ask first.
    const late = {};
    const asked = requestRulesFrom(late);
    provideRequestRules(late, requestRules);
    await expect(asked).resolves.toBe(requestRules);
    await expect(requestRulesFrom(late)).resolves.toBe(requestRules);
  });

  test("never given, the front says so rather than pass targets on undecided", async () => {
    await expect(requestRulesFrom({}, 5)).rejects.toThrow(/never provided the request rules/);
  });

  test("the front's headers are its own names, lower case, as Node reads them", () => {
    expect(FRONT_HEADERS).toEqual({
      path: "x-site-path",
      query: "x-site-query",
      target: "x-site-target",
      renderAnew: "x-site-render-anew",
    });
  });
});

describe("a passed target as the document it names", () => {
  test.each([
    ["/works", "/works"],
    ["/works?_rsc=a1", "/works"],
    ["/works?category=film&page=2&_rsc=a1", "/works?category=film&page=2"],
    ["/en/works?page=3&_rsc", "/en/works?page=3"],
    ["/sitemap.xml?_rsc=x&v=1", "/sitemap.xml?v=1"],
  ])("%s is %s", (target, document) => {
    expect(documentTarget(target)).toBe(document);
  });

  test("every target the front passes, asked as a document, is that document's own target", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("/works", "/en/works-completed", "/works/x", "/"),
        fc.integer({ min: 1, max: 9 }),
        fc.stringMatching(/^[A-Za-z0-9_-]{0,12}$/),
        (path, page, hash) => {
          const asDocument = decideRequest(
            { method: "GET", target: `${path}?page=${page}`, rsc: false },
            requestRules,
          );
          const asNavigation = decideRequest(
            { method: "GET", target: `${path}?page=${page}&_rsc=${hash}`, rsc: true },
            requestRules,
          );
          if (asDocument.action !== "pass" || asNavigation.action !== "pass") return;
          expect(documentTarget(asNavigation.target)).toBe(asDocument.target);
          expect(documentTarget(asDocument.target)).toBe(asDocument.target);
        },
      ),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Generated input.

/** A URL of the site as it writes it, in parts: its path and its own parameters, in order. */
interface SiteUrl {
  path: string;
  params: Array<[string, string]>;
  /** A list without ?page (page 1): `page=1` is another spelling of it. */
  firstListPage: boolean;
}

const urlOf = ({ path, params }: SiteUrl) =>
  params.length ? `${path}?${params.map(([name, value]) => `${name}=${value}`).join("&")}` : path;

function siteUrl(url: string, firstListPage = false): SiteUrl {
  const [path, query] = url.split("?");
  const params = query
    ? query.split("&").map((part) => part.split("=") as [string, string])
    : ([] as Array<[string, string]>);
  return { path, params, firstListPage };
}

const lang = fc.constantFrom<Lang>(...LANGS);
const listView: fc.Arbitrary<ListView> = fc.record({
  type: fc.constantFrom(...LIST_TYPES),
  category: fc.constantFrom(null, ...WORK_CATEGORIES),
  page: fc.oneof(fc.constant(1), fc.integer({ min: 2, max: 12 }), fc.integer({ min: 1, max: MAX_LIST_PAGE })),
});
const uid = fc
  .stringMatching(/^[a-z0-9]{1,12}(?:[-_.][a-z0-9]{1,12}){0,3}$/)
  .filter((value) => value.length <= 100);

/** The site's own URLs: its pages, its lists (filtered, paged), its works. */
const siteUrls: fc.Arbitrary<SiteUrl> = fc.oneof(
  fc.constantFrom("/", "/en", "/contact", "/en/contact", "/legals", "/en/legals").map((url) => siteUrl(url)),
  fc
    .tuple(lang, listView)
    .map(([language, view]) => siteUrl(listPublicPath(language, view), view.page === 1)),
  fc
    .constantFrom("/works", "/en/works-completed?category=film&page=3")
    .map((url) => siteUrl(url, !url.includes("page="))),
  fc.tuple(lang, uid).map(([language, work]) => siteUrl(localePath(language, `/works/${work}`))),
);

/** How each character is written: 0, 4, 5 as itself, 1 "%XX", 2 "%xx", 3 "%Xx". */
const mask = fc.array(fc.nat(5), { minLength: 1, maxLength: 7 });
function spell(text: string, styles: readonly number[]): string {
  return [...text]
    .map((character, index) => {
      const style = styles[index % styles.length];
      if (style === 0 || style > 3) return character;
      const hex = character.charCodeAt(0).toString(16).padStart(2, "0");
      if (style === 1) return `%${hex.toUpperCase()}`;
      if (style === 2) return `%${hex.toLowerCase()}`;
      return `%${hex[0].toUpperCase()}${hex[1].toLowerCase()}`;
    })
    .join("");
}

const dot = fc.constantFrom(".", "%2e", "%2E");
const dotDot = fc.constantFrom("..", "%2e%2e", "%2E%2E", ".%2e", "%2E.");
/** What may stand between two segments without changing the path: ".", "", "x/..". */
const noise = fc.oneof(
  dot.map((segment) => [segment]),
  fc.constant([""]),
  fc.tuple(fc.stringMatching(/^[a-z0-9-]{1,8}$/), dotDot).map((pair) => [...pair]),
);

/** A path spelled otherwise (or not): characters encoded, noise between segments, a final slash. */
function spelledPath(path: string): fc.Arbitrary<string> {
  const segments = path.split("/").filter(Boolean);
  return fc
    .record({
      styles: fc.oneof(fc.constant([0]), mask),
      between: fc.array(
        fc.oneof({ weight: 3, arbitrary: fc.constant([]) }, fc.array(noise, { maxLength: 2 })),
        {
          minLength: segments.length + 1,
          maxLength: segments.length + 1,
        },
      ),
      fromRoot: fc.oneof(
        { weight: 4, arbitrary: fc.constant([]) },
        dotDot.map((segment) => [segment]),
      ),
      trailing: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, fc.constant(true)),
    })
    .map(({ styles, between, fromRoot, trailing }) => {
      const pieces = [
        ...fromRoot,
        ...segments.flatMap((segment, index) => [...between[index].flat(), spell(segment, styles)]),
        ...between[segments.length].flat(),
      ];
      return `/${pieces.join("/")}${trailing ? "/" : ""}`;
    });
}

/** Characters a query may hold as sent (no "&", which would start another part, nor a refused one). */
const QUERY_CHARACTERS = [
  ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$'()*+,;=:@/?[]^`{|}%",
];
const queryText = fc
  .array(
    fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...QUERY_CHARACTERS) },
      fc.constantFrom("%5C", "%5c", "%C3", "%c3%a9", "%25", "%2F%2F", "%00", "%0D%0A", "%zz", "%", "%4"),
    ),
    { maxLength: 12 },
  )
  .map((pieces) => pieces.join(""));
/** Now and then long enough that the visitor's parameters no longer fit a Location. */
const longText = fc.integer({ min: 300, max: 1_300 }).map((length) => "v".repeat(length));

/**
 * A visitor's parameter no page reads. The marker is in its name or value, as sent: it must never
 * reach a pass target ("~" is in no page's parameter nor in Next's hash).
 */
const otherParameter = fc
  .record({
    name: fc.oneof(
      fc.constantFrom(
        "utm_source",
        "ref",
        "q",
        "x",
        "Page",
        "CATEGORY",
        "page+",
        "page%20",
        "rsc",
        "a+b",
        "%70age%",
      ),
      queryText.filter((text) => !text.includes("=")),
    ),
    value: fc.option(fc.oneof({ weight: 5, arbitrary: queryText }, longText)),
    marker: fc.constantFrom("name", "value", "none"),
  })
  .map(({ name, value, marker }) => {
    const named = marker === "name" ? `${name}~mark~` : name;
    const valued = marker === "value" ? `${value ?? ""}~mark~` : value;
    return valued === null ? named : `${named}=${valued}`;
  })
  .filter(
    (part) => part !== "" && !["page", "category", "_rsc"].includes(parameterName(encodeQueryBytes(part))),
  );

/** Next's navigation hash as its client writes it: a token, empty, or the bare name. */
const rscPart = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/).map((token) => `_rsc=${token}`) },
  fc.constantFrom("_rsc=", "_rsc"),
);

type Part = { kind: "read" | "other" | "rsc" | "empty"; text: string };

/** One spelling of a site URL: what was sent, and what the front must make of it. */
interface Spelling {
  url: SiteUrl;
  target: string;
  /** The visitor's other parameters as they follow a redirect or reach the header. */
  kept: string;
  /** Next's hash as sent, when the spelling holds a well-formed one. */
  rsc: string | null;
  /** Spelled exactly as the site writes it (whatever else it holds): a navigation passes. */
  asSite: boolean;
}

function spellingOf(url: SiteUrl): fc.Arbitrary<Spelling> {
  const readPart = ([name, value]: [string, string]) =>
    fc
      .tuple(fc.oneof({ weight: 3, arbitrary: fc.constant([0]) }, mask), fc.oneof(fc.constant([0]), mask))
      .map(([nameStyles, valueStyles]) => `${spell(name, nameStyles)}=${spell(value, valueStyles)}`);
  return fc
    .record({
      path: fc.oneof(fc.constant(url.path), spelledPath(url.path)),
      read: fc.tuple(...url.params.map(readPart)),
      firstPage: url.firstListPage ? fc.option(readPart(["page", "1"]), { freq: 3 }) : fc.constant(null),
      others: fc.array(otherParameter, { maxLength: 4 }),
      rsc: fc.option(rscPart, { freq: 2 }),
      badRsc: fc.option(fc.constantFrom("_rsc=a.b", "_rsc=a%2Db", `_rsc=${"x".repeat(65)}`), { freq: 5 }),
      empties: fc.nat(2),
      order: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 12, maxLength: 12 }),
      questionMark: fc.boolean(),
    })
    .map(({ path, read, firstPage, others, rsc, badRsc, empties, order, questionMark }) => {
      const parts: Part[] = [
        ...read.map((text): Part => ({ kind: "read", text })),
        ...(firstPage === null ? [] : [{ kind: "read", text: firstPage } as Part]),
        ...others.map((text): Part => ({ kind: "other", text })),
        ...(rsc === null ? [] : [{ kind: "rsc", text: rsc } as Part]),
        ...(badRsc === null ? [] : [{ kind: "rsc", text: badRsc } as Part]),
        ...Array.from({ length: empties }, (): Part => ({ kind: "empty", text: "" })),
      ];
      // Half the time in the order built (the site's own parameters first, in order), else shuffled.
      const ordered =
        order[0] < 0.5
          ? parts
          : parts
              .map((part, index) => ({ part, index, key: order[(index + 1) % order.length] }))
              .sort((a, b) => a.key - b.key || a.index - b.index)
              .map(({ part }) => part);
      const query = ordered.map((part) => part.text).join("&");
      const target = query || questionMark ? `${path}?${query}` : path;
      const keptParts = ordered
        .filter((part) => part.kind === "other")
        .map((part) => encodeQueryBytes(part.text));
      const joined = keptParts.join("&");
      const canonicalQuery = url.params.map(([name, value]) => `${name}=${value}`).join("&");
      const readSent = ordered.filter((part) => part.kind === "read").map((part) => part.text);
      return {
        url,
        target,
        kept: joined.length <= MAX_KEPT_QUERY_BYTES ? joined : "",
        rsc,
        asSite: path === url.path && readSent.join("&") === canonicalQuery && target !== `${path}?`,
      };
    });
}

const spellings = siteUrls.chain(spellingOf);
const methods = fc.constantFrom("GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH");
const request = fc.record({ method: methods, rsc: fc.boolean() });
/** Mostly a browser's navigation, the request a redirect is for. */
const mostlyNavigation = fc.oneof(
  { weight: 3, arbitrary: fc.record({ method: fc.constantFrom("GET", "HEAD"), rsc: fc.constant(false) }) },
  { weight: 2, arbitrary: request },
);

/** Raw characters no browser sends (it percent-encodes them), bytes past ASCII among them. */
const FORBIDDEN = [
  '"',
  "<",
  ">",
  "\\",
  "#",
  " ",
  "\t",
  "\n",
  "\r",
  "\u0000",
  "\u001f",
  "\u007f",
  "\u0080",
  "\u00e9",
  "\u00ff",
];
/** A site URL's spelling with something inserted anywhere: refused, redirected or passed. */
const damaged = fc
  .tuple(
    spellings,
    fc.constantFrom(...FORBIDDEN, "`", "{", "}", "%", "%zz", "%C3", "%2F", "/", "..", "?", "&", "=", "//"),
    fc.nat(),
  )
  .map(([spelling, piece, at]) => {
    const position = at % (spelling.target.length + 1);
    return spelling.target.slice(0, position) + piece + spelling.target.slice(position);
  });
const OUTSIDE_PATHS = [
  "/assets/x.jpg",
  "/_next/static/chunks/a.js",
  "/_next/image",
  "/favicon.ico",
  "/sitemap.xml",
  "/sitemaps/1.xml",
  "/robots.txt",
  "/api/metrics",
  "/api/health",
  "/api/exit-preview",
  "/preview",
  "/slice-simulator",
];
/** Anything a client can put on a request line: garbage, attacks, and the site's URLs damaged. */
const anyTarget = fc.oneof(
  spellings.map((spelling) => spelling.target),
  damaged,
  // Files and handlers, as written or spelled otherwise, with any query.
  fc
    .constantFrom(...OUTSIDE_PATHS)
    .chain((path) => fc.tuple(fc.oneof(fc.constant(path), spelledPath(path)), fc.option(queryText)))
    .map(([path, query]) => (query === null ? path : `${path}?${query}`)),
  attackPieces(10),
  attackPieces(8).map((pieces) => `/${pieces}`),
  fc.string({ unit: "binary", maxLength: 40 }).map((text) => `/${text}`),
  fc
    .array(fc.integer({ min: 0, max: 0xff }), { maxLength: 40 })
    .map((bytes) => `/${String.fromCharCode(...bytes)}`),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.webPath().map((path) => `/${path}`),
  fc.integer({ min: 8_000, max: 8_300 }).map((length) => `/works?q=${"x".repeat(length)}`),
);

/** A pass target's path, and its query's parts (without "?"). */
function partsOf(target: string) {
  const mark = target.indexOf("?");
  return {
    path: mark === -1 ? target : target.slice(0, mark),
    params: mark === -1 ? [] : target.slice(mark + 1).split("&"),
  };
}

describe("properties over generated targets", () => {
  test("(a) the front never throws, and answers one of its three decisions", () => {
    fc.assert(
      fc.property(anyTarget, request, (target, { method, rsc }) => {
        const decision = decide(target, { method, rsc });
        expect(["pass", "redirect", "refuse"]).toContain(decision.action);
        if (decision.action === "refuse") expect([400, 414]).toContain(decision.status);
      }),
      { seed: 101, numRuns: 2_000 },
    );
  });

  test("(b) a redirect's Location is a site path, printable, bounded, and already in the site's spelling", () => {
    let redirected = 0;
    fc.assert(
      fc.property(anyTarget, fc.constantFrom("GET", "HEAD"), (target, method) => {
        const decision = decide(target, { method });
        if (decision.action !== "redirect") return;
        redirected++;
        const { location } = decision;
        expect(location).toMatch(/^\/(?![/\\])/);
        expect(location).toMatch(PRINTABLE);
        expect(location.length).toBeLessThanOrEqual(MAX_LOCATION_BYTES);
        expect(new URL(location, "https://studio.example/en/works/x").origin).toBe("https://studio.example");
        // Idempotent: the Location is the one spelling, so following it is a pass...
        const again = decide(location, { method });
        expect(again.action).toBe("pass");
        // ...to what the same request would have been passed on as, had it not been redirected
        // (a handler's query past the kept length aside: a POST carries it whole).
        const { path } = partsOf(location);
        if (outsideQueryUse(path) !== "own") expect(again).toEqual(decide(target, { method: "POST" }));
      }),
      { seed: 102, numRuns: 2_000 },
    );
    expect(redirected).toBeGreaterThan(300);
  });

  test("(c) a pass target is printable, bounded, in the site's spelling, and holds only what its path reads", () => {
    let passed = 0;
    fc.assert(
      fc.property(anyTarget, request, (target, { method, rsc }) => {
        const decision = decide(target, { method, rsc });
        if (decision.action !== "pass") return;
        passed++;
        expect(decision.target).toMatch(PRINTABLE);
        expect(decision.target).toMatch(/^\/(?![/\\])/);
        const { path, params } = partsOf(decision.target);
        const use = outsideQueryUse(path);
        if (use === "own") return;
        expect(decision.target.length).toBeLessThanOrEqual(MAX_PASS_BYTES);
        if (use === "none") expect(params).toEqual([]);
        if (use === undefined) {
          const names = params.map((part) => part.split("=")[0]);
          expect(names.every((name) => PAGE_PARAMS.includes(name))).toBe(true);
          // category, then page, then Next's hash, each once.
          expect(names).toEqual(PAGE_PARAMS.filter((name) => names.includes(name)));
          if (names.includes("_rsc")) expect(rsc).toBe(true);
        }
        // A pass target decided again passes unchanged: nothing in it is spelled otherwise.
        expect(decide(decision.target, { method, rsc })).toMatchObject({
          action: "pass",
          target: decision.target,
        });
      }),
      { seed: 103, numRuns: 2_000 },
    );
    expect(passed).toBeGreaterThan(300);
  });

  test("(c) a visitor's own parameter never reaches a pass target, however it is spelled", () => {
    fc.assert(
      fc.property(spellings, request, (spelling, { method, rsc }) => {
        const decision = decide(spelling.target, { method, rsc });
        if (decision.action !== "pass") return;
        expect(decision.target).not.toContain("~mark~");
        expect(decodeBytes(decision.target) ?? "").not.toContain("~mark~");
      }),
      { seed: 104, numRuns: 2_000 },
    );
  });

  test("(d) every spelling of a site URL redirects to it, keeping the visitor's parameters, or passes as it does", () => {
    const counts = { redirect: 0, pass: 0 };
    fc.assert(
      fc.property(spellings, mostlyNavigation, (spelling, { method, rsc }) => {
        const canonical = urlOf(spelling.url);
        const navigation = (method === "GET" || method === "HEAD") && !rsc;
        // The site URL itself passes as written, with nothing beside it.
        expect(decide(canonical, { method, rsc })).toEqual(pass(canonical));
        const withHash = rsc && spelling.rsc !== null ? spelling.rsc : "";
        const expectedTarget = [canonical, withHash]
          .filter(Boolean)
          .join(canonical.includes("?") ? "&" : "?");
        const decision = decide(spelling.target, { method, rsc });
        const query = [spelling.url.params.map((param) => param.join("=")).join("&"), spelling.kept];
        const location = `${spelling.url.path}${withQueryOf(query)}`;
        if (navigation && spelling.target !== location) {
          counts.redirect++;
          expect(decision).toEqual(redirect(location));
        } else {
          counts.pass++;
          expect(decision).toEqual(
            pass(expectedTarget, spelling.kept ? { [FRONT_HEADERS.query]: spelling.kept } : {}),
          );
          // The same target as the site URL itself (with the same hash) is given.
          expect(decide(expectedTarget, { method, rsc })).toEqual(pass(expectedTarget));
        }
      }),
      { seed: 105, numRuns: 2_500 },
    );
    expect(counts.redirect).toBeGreaterThan(500);
    expect(counts.pass).toBeGreaterThan(500);
  });

  test("(e) the front's headers are its own two, printable and at most 1024 bytes", () => {
    const names = Object.values(FRONT_HEADERS);
    fc.assert(
      fc.property(
        fc.oneof(
          anyTarget,
          spellings.map((spelling) => spelling.target),
        ),
        request,
        (target, req) => {
          const decision = decide(target, req);
          if (decision.action !== "pass") return;
          for (const [name, value] of Object.entries(decision.headers)) {
            expect(names).toContain(name);
            expect(value).toMatch(PRINTABLE);
            expect(value.length).toBeGreaterThan(0);
            expect(value.length).toBeLessThanOrEqual(1024);
          }
          // The visitor's path is given only beside the fixed 404 target.
          if (FRONT_HEADERS.path in decision.headers)
            expect(decision.target).toMatch(/^(?:\/en)?\/not-found(?:\?|$)/);
        },
      ),
      { seed: 106, numRuns: 2_000 },
    );
  });
});

describe("refusals over generated targets", () => {
  test("a raw character browsers always encode, anywhere, is a 400", () => {
    fc.assert(
      fc.property(
        spellings,
        fc.constantFrom(...FORBIDDEN),
        fc.nat(),
        request,
        (spelling, character, at, req) => {
          const position = at % (spelling.target.length + 1);
          const target = spelling.target.slice(0, position) + character + spelling.target.slice(position);
          expect(decide(target, req)).toMatchObject({ action: "refuse", status: 400 });
        },
      ),
      { seed: 107, numRuns: 2_000 },
    );
  });

  test("a backtick or brace in the path is a 400; in a query it is re-encoded", () => {
    fc.assert(
      fc.property(spellings, fc.constantFrom("`", "{", "}"), fc.nat(), (spelling, character, at) => {
        const mark = spelling.target.indexOf("?");
        const pathLength = mark === -1 ? spelling.target.length : mark;
        const position = 1 + (at % pathLength);
        const inPath = spelling.target.slice(0, position) + character + spelling.target.slice(position);
        expect(decide(inPath)).toMatchObject({ action: "refuse", status: 400 });
        const inQuery = `${spelling.target}${mark === -1 ? "?" : "&"}x=${character}`;
        const decision = decide(inQuery);
        expect(decision.action).not.toBe("refuse");
        const carried =
          decision.action === "redirect"
            ? [decision.location]
            : decision.action === "pass"
              ? [decision.target, ...Object.values(decision.headers)]
              : [];
        for (const value of carried) expect(value).not.toContain(character);
      }),
      { seed: 108, numRuns: 1_000 },
    );
  });

  test("a malformed or non-UTF-8 escape in the path is a 400", () => {
    const bad = fc.constantFrom(
      "%",
      "%4",
      "%zz",
      "%G1",
      "%C3",
      "%80",
      "%BF",
      "%C0%AF",
      "%ED%A0%80",
      "%F8%88%80%80%80",
      "%FF",
    );
    fc.assert(
      fc.property(spellings, bad, fc.nat(), request, (spelling, piece, at, req) => {
        const mark = spelling.target.indexOf("?");
        const path = mark === -1 ? spelling.target : spelling.target.slice(0, mark);
        // Before a "/" or at the path's end, so the piece can never complete an escape.
        const slashes = [...path.matchAll(/\//g)].map((match) => match.index).slice(1);
        const ends = [...slashes, path.length];
        const position = ends[at % ends.length];
        const target = spelling.target.slice(0, position) + piece + spelling.target.slice(position);
        expect(decide(target, req)).toMatchObject({ action: "refuse", status: 400 });
      }),
      { seed: 109, numRuns: 1_000 },
    );
  });

  test("a target that is not a path is a 400", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), request, (target, req) => {
        fc.pre(!target.startsWith("/"));
        expect(decide(target, req)).toMatchObject({ action: "refuse", status: 400 });
      }),
      { seed: 110, numRuns: 500 },
    );
  });

  test("past 8192 bytes a target is a 414, whatever it holds; a path past 1024 in the site's spelling too", () => {
    fc.assert(
      fc.property(anyTarget, fc.integer({ min: 1, max: 200 }), (target, extra) => {
        const long = `${target.startsWith("/") ? "" : "/"}${target}`.padEnd(MAX_TARGET_BYTES + extra, "a");
        expect(decide(long)).toMatchObject({ action: "refuse", status: 414 });
      }),
      { seed: 111, numRuns: 300 },
    );
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z0-9|%]{1,40}$/), { minLength: 1, maxLength: 80 }),
        (segments) => {
          const target = `/${segments.join("/")}`;
          const path = canonicalPath(target);
          fc.pre(path !== undefined && target.length <= MAX_TARGET_BYTES);
          const decision = decide(target);
          if (path!.length > MAX_PATH_BYTES)
            expect(decision).toMatchObject({ action: "refuse", status: 414 });
          else expect(decision.action).not.toBe("refuse");
        },
      ),
      { seed: 112, numRuns: 500 },
    );
  });
});

describe("files and handlers over generated queries", () => {
  test("a file passes without its query; a handler with its own, reading back the same parameters", () => {
    const printableQuery = fc
      .array(fc.oneof(queryText, fc.constant("&"), fc.constant("=")), { maxLength: 8 })
      .map((pieces) => pieces.join(""));
    fc.assert(
      fc.property(fc.constantFrom(...OUTSIDE_PATHS), printableQuery, request, (path, query, req) => {
        const decision = decide(`${path}?${query}`, req);
        const use = outsideQueryUse(path);
        if (use === "image") {
          expect(decision).toMatchObject({ action: "refuse", status: 400 });
          return;
        }
        // (An empty query is no other spelling of a file or a handler: it passes as they do.)
        expect(decision.action).toBe("pass");
        if (decision.action !== "pass") return;
        expect(decision.headers).toEqual({});
        if (use === "none") expect(decision.target).toBe(path);
        else {
          const { path: passedPath } = partsOf(decision.target);
          expect(passedPath).toBe(path);
          const passedQuery = decision.target.slice(path.length + 1);
          expect([...new URLSearchParams(passedQuery)]).toEqual([...new URLSearchParams(query)]);
        }
      }),
      { seed: 113, numRuns: 1_000 },
    );
  });
});

/** "?a&b" of the non-empty parts, or "". */
function withQueryOf(parts: string[]): string {
  const query = parts.filter(Boolean).join("&");
  return query ? `?${query}` : "";
}

describe("a list's one URL, however its parameters are spelled", () => {
  test("every spelling the router reads as a list page is sent to that page's URL, which passes as itself", () => {
    const spelling = fc.record({
      lang,
      view: listView,
      writePageOne: fc.boolean(),
      reversed: fc.boolean(),
      styles: mask,
    });
    fc.assert(
      fc.property(spelling, ({ lang: language, view, writePageOne, reversed, styles }) => {
        const { category, page } = view;
        const parts = [
          ...(category ? [`${spell("category", styles)}=${spell(categorySlug(category), styles)}`] : []),
          ...(page > 1 || writePageOne ? [`${spell("page", styles)}=${spell(String(page), styles)}`] : []),
        ];
        const search = (reversed ? parts.reverse() : parts).join("&");
        const canonical = listPublicPath(language, view);
        const path = canonical.split("?")[0];
        const decision = decide(search ? `${path}?${search}` : path);
        if (search === (canonical.split("?")[1] ?? "")) expect(decision).toEqual(pass(canonical));
        else expect(decision).toEqual(redirect(canonical));
        expect(decide(canonical)).toEqual(pass(canonical));
      }),
      { seed: 114, numRuns: 500 },
    );
  });
});
