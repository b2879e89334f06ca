import { logger } from "@/lib/log/logger.mjs";
import { markRedirectTableStale, editorRedirect, redirectTable } from "@/lib/routing/redirect-table";

/**
 * The loader: one table per instance read from the `redirects` document, kept 5 s, read again at
 * once after the webhook, the works named by a "from" checked in batches, the last good table kept
 * when the API fails, refused rows logged once per change.
 */
type Query = { filters: string[]; lang: string; pageSize: number };

const content: { rows: unknown[]; works: Record<string, string[]>; fail: boolean } = {
  rows: [],
  works: {},
  fail: false,
};
const queries: Query[] = [];

jest.mock("@/lib/log/logger.mjs", () => ({ logger: { warn: jest.fn(), error: jest.fn(), info: jest.fn() } }));
const warn = logger.warn as unknown as jest.Mock;
const error = logger.error as unknown as jest.Mock;

jest.mock("@/lib/prismic/client", () => ({
  createPublishedClient: () => ({
    get: async (query: Query) => {
      queries.push(query);
      if (content.fail) throw new Error("Unexpected status code [503] on URL http://content.invalid/");
      if (query.filters[0].includes('"redirects"')) {
        return { results: [{ id: "doc", data: { redirects: content.rows } }] };
      }
      const uids = JSON.parse(/, (\[.*\])\)\]$/.exec(query.filters[1])![1]) as string[];
      const live = content.works[query.lang] ?? [];
      return { results: uids.filter((uid) => live.includes(uid)).map((uid) => ({ uid })) };
    },
  }),
}));

const row = (from: string, to: string, permanent = true) => ({
  from,
  to_document: { link_type: "Any" },
  to_path: to,
  permanent,
});

/** The request as the router has it: npm start's front passed a 404 under its fixed path. */
function request(method = "GET", path = "/not-found") {
  return { method, url: new URL(path, "http://127.0.0.1:3000").href };
}
/** What the visitor asked for, as the front passed it on: their path and other parameters. */
const visitor = (path: string, query = "") => ({ path, query });

let now = 1_000_000;
beforeEach(() => {
  jest.spyOn(Date, "now").mockImplementation(() => now);
  content.rows = [row("/old", "/works")];
  content.works = {};
  content.fail = false;
  queries.length = 0;
  warn.mockClear();
  error.mockClear();
  // Each test starts with no table read yet (the table lives on globalThis, shared by bundles).
  delete (globalThis as { [key: symbol]: unknown })[Symbol.for("vifargent.redirects")];
});
afterEach(() => jest.restoreAllMocks());

test("one read per TTL, whatever the traffic; the webhook's mark reads again at once", async () => {
  await Promise.all([redirectTable(), redirectTable(), redirectTable()]);
  expect(queries).toHaveLength(1);
  content.rows = [row("/old", "/contact")];
  now += 4_000;
  expect((await editorRedirect(request(), visitor("/old")))?.headers.get("location")).toBe(
    "http://127.0.0.1:3000/works",
  );
  now += 1_001;
  expect((await editorRedirect(request(), visitor("/old")))?.headers.get("location")).toBe(
    "http://127.0.0.1:3000/contact",
  );
  expect(queries).toHaveLength(2);

  content.rows = [row("/old", "/en/works")];
  markRedirectTableStale();
  expect((await editorRedirect(request(), visitor("/old")))?.headers.get("location")).toBe(
    "http://127.0.0.1:3000/en/works",
  );
});

test("a load begun before the webhook does not store its older table", async () => {
  const before = redirectTable();
  content.rows = [row("/old", "/contact")];
  markRedirectTableStale();
  await before;
  expect((await redirectTable()).get("/old")?.target.path).toBe("/contact");
});

test("the answer: status, a same-site Location with the visitor's other parameters, never stored", async () => {
  content.rows = [row("/old", "/works?page=2"), row("/later", "/contact", false)];
  const answer = await editorRedirect(request(), visitor("/old", "utm_source=x&page=9"));
  expect(answer?.status).toBe(308);
  expect(answer?.headers.get("location")).toBe("http://127.0.0.1:3000/works?page=2&utm_source=x");
  expect(answer?.headers.get("cache-control")).toBe("no-store, max-age=0");
  expect((await editorRedirect(request("HEAD"), visitor("/later", "a=1")))?.status).toBe(307);
  expect((await editorRedirect(request(), visitor("/later", "a=1")))?.headers.get("location")).toBe(
    "http://127.0.0.1:3000/contact?a=1",
  );
  expect(await editorRedirect(request(), visitor("/other"))).toBeUndefined();
  // The visitor's path decides, never the path Next was given (the fixed 404 path, or a work's).
  expect(await editorRedirect(request("GET", "/old"), visitor("/other"))).toBeUndefined();
  expect((await editorRedirect(request("GET", "/works/x"), visitor("/old")))?.status).toBe(308);
  // A form post to an old address is not redirected (its 404 stands).
  expect(await editorRedirect(request("POST"), visitor("/old"))).toBeUndefined();
});

test.each(["discount=100%25", "x=%5C", "q=%C3", "a=%2F%2Fevil.example", "x=%5C%5Cevil.example&y=%25"])(
  "an odd visitor's query (%s) never changes the target: the Location keeps the target's path",
  async (query) => {
    content.rows = [row("/old", "/works/electrique")];
    const answer = await editorRedirect(request(), visitor("/old", query));
    expect(answer?.status).toBe(308);
    const location = new URL(answer!.headers.get("location")!);
    expect(location.origin).toBe("http://127.0.0.1:3000");
    expect(location.pathname).toBe("/works/electrique");
    expect(location.search).toBe(`?${query}`);
  },
);

test("the works a from names are asked about in batches of 100 uids, per language", async () => {
  content.rows = [
    ...Array.from({ length: 150 }, (_, i) => row(`/works/old-${i}`, "/works")),
    row("/en/works/old-0", "/en/works"),
    row("/works/electrique", "/works"),
  ];
  content.works = { "fr-fr": ["electrique", "old-3"], "en-gb": [] };
  const table = await redirectTable();
  const workQueries = queries.filter((query) => query.filters[0].includes('"project"'));
  expect(workQueries.map((query) => [query.lang, query.pageSize])).toEqual([
    ["fr-fr", 100],
    ["fr-fr", 100],
    ["en-gb", 100],
  ]);
  expect(table.has("/works/old-3")).toBe(false);
  expect(table.has("/works/electrique")).toBe(false);
  expect(table.has("/works/old-149")).toBe(true);
  expect(table.has("/en/works/old-0")).toBe(true);
});

test("refused rows: one warning each, once per change of the document; the rest apply", async () => {
  content.rows = [row("//evil.example", "/works"), row("/a", "https://evil.example/"), row("/b", "/works")];
  await redirectTable();
  expect(warn.mock.calls.map((call) => call[0])).toEqual([
    expect.stringMatching(/^\[redirects\] row 1 refused: "from" "\/\/evil.example" is not a path/),
    expect.stringMatching(
      /^\[redirects\] row 2 refused: "from" "\/a": "to" "https:\/\/evil.example\/" leaves the site/,
    ),
  ]);
  now += 6_000;
  await redirectTable();
  expect(warn).toHaveBeenCalledTimes(2);
  content.rows = [...content.rows, ...Array.from({ length: 1_000 }, (_, i) => row(`/x${i}`, "/works"))];
  now += 6_000;
  await redirectTable();
  expect(warn.mock.calls.slice(2).map((call) => call[0])).toEqual([
    expect.stringContaining("row 1 refused"),
    expect.stringContaining("row 2 refused"),
    "[redirects] the 3 rows past the first 1000 are refused",
  ]);
});

test("when the content API fails, the last good table stays (and none before the first), after a publish too", async () => {
  content.fail = true;
  expect((await redirectTable()).size).toBe(0);
  expect(error).toHaveBeenCalledWith(expect.stringContaining("none apply"));
  content.fail = false;
  now += 6_000;
  expect((await redirectTable()).size).toBe(1);
  content.fail = true;
  now += 6_000;
  expect((await redirectTable()).get("/old")?.target.path).toBe("/works");
  expect(error).toHaveBeenLastCalledWith(expect.stringContaining("the last ones read stay"));
  // Asked again only after the TTL, not on every 404 meanwhile.
  const asked = queries.length;
  await redirectTable();
  expect(queries).toHaveLength(asked);
  // A publish while the content API fails: read again at once, and the last good table still applies.
  markRedirectTableStale();
  expect((await redirectTable()).get("/old")?.target.path).toBe("/works");
  expect(queries.length).toBeGreaterThan(asked);
});
