import fc from "fast-check";

import {
  everyPath,
  MAX_NAMED_DOCUMENTS,
  pathsForDocuments,
  payloadDocumentIds,
  type ChangedDocument,
} from "./publish-plan";

describe("the documents a webhook payload names", () => {
  test("Prismic's publish payload: its document ids, once each", () => {
    expect(
      payloadDocumentIds({
        type: "api-update",
        secret: "s",
        masterRef: "X",
        documents: ["WtK3", "Ab-_9", "WtK3"],
      }),
    ).toEqual(["WtK3", "Ab-_9"]);
  });

  test.each([
    ["no documents", { type: "api-update" }],
    ["an empty list", { documents: [] }],
    ["not a list", { documents: "WtK3" }],
    ["a number among them", { documents: ["WtK3", 4] }],
    ["an id with a slash", { documents: ["../x"] }],
    ["too many", { documents: Array.from({ length: MAX_NAMED_DOCUMENTS + 1 }, (_, index) => `d${index}`) }],
    ["not an object", "documents"],
    ["null", null],
  ])("%s: none named (every page is rendered anew)", (_, body) => {
    expect(payloadDocumentIds(body)).toBeUndefined();
  });

  test("whatever the payload, ids are either plain ids or nothing", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        const ids = payloadDocumentIds(body);
        if (ids !== undefined) for (const id of ids) expect(id).toMatch(/^[\w-]{1,128}$/);
      }),
    );
  });
});

const work = (overrides: Partial<ChangedDocument> = {}): ChangedDocument => ({
  type: "project",
  lang: "fr",
  url: "/works/electrique",
  categories: ["film", "series"],
  ...overrides,
});

describe("the pages a publish changes", () => {
  test("a work: its page, its language's home page and the lists' first pages it appears on", () => {
    expect(pathsForDocuments(1, [work()])).toEqual([
      "/works/electrique",
      "/",
      "/works",
      "/works?category=film",
      "/works?category=series",
      "/works-completed",
      "/works-completed?category=film",
      "/works-completed?category=series",
      "/works-in-production",
      "/works-in-production?category=film",
      "/works-in-production?category=series",
    ]);
    const english = pathsForDocuments(1, [work({ lang: "en", url: "/en/works/electric", categories: [] })]);
    expect(english).toEqual([
      "/en/works/electric",
      "/en",
      "/en/works",
      "/en/works-completed",
      "/en/works-in-production",
    ]);
  });

  test("an unknown category value names no filtered list", () => {
    expect(pathsForDocuments(1, [work({ categories: ["made-up"] })])).not.toContain(
      "/works?category=made-up",
    );
  });

  test("a page type's document: its own page", () => {
    expect(
      pathsForDocuments(2, [
        work({ type: "legals_page", url: "/en/legals", categories: [] }),
        work({ type: "contact_page", url: "/contact" }),
      ]),
    ).toEqual(["/en/legals", "/contact"]);
  });

  test.each([
    ["settings", [work({ type: "settings", url: null })], 1],
    ["translations", [work({ type: "translations", url: undefined })], 1],
    ["a document of another type with a page", [work({ type: "redirects" })], 1],
    ["a document no longer published", [work()], 2],
    ["a document without a language", [work({ lang: undefined })], 1],
  ])("%s: every page", (_, found, named) => {
    expect(pathsForDocuments(named, found)).toBe("everything");
  });
});

describe("every page", () => {
  test("home pages first, then the lists, the other pages, the works, the 404 pages and the sitemap, once each", () => {
    const paths = everyPath(
      ["/", "/contact", "/works/electrique", "/en/works/electric", "/en/legals", "/contact"],
      1,
    );
    expect(paths.slice(0, 2)).toEqual(["/", "/en"]);
    expect(paths).toContain("/works?category=brand-content");
    expect(paths).toContain("/en/works-in-production?category=music-video");
    expect(paths.indexOf("/contact")).toBeLessThan(paths.indexOf("/works/electrique"));
    expect(paths.slice(-3)).toEqual(["/not-found", "/en/not-found", "/sitemap.xml"]);
    expect(new Set(paths).size).toBe(paths.length);
  });

  test("a sitemap in parts: its index and each part", () => {
    expect(everyPath([], 3).slice(-4)).toEqual([
      "/sitemap.xml",
      "/sitemaps/1.xml",
      "/sitemaps/2.xml",
      "/sitemaps/3.xml",
    ]);
  });
});
