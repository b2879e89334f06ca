import fc from "fast-check";

import {
  bodyUse,
  isOutsidePath,
  OUTSIDE_KINDS,
  outsideKind,
  outsideQueryUse,
} from "@/lib/routing/outside-paths.mjs";

/**
 * The paths no page serves: what the metrics count each under, and what each reads of its query
 * (the front, server/request-target.mjs, passes a file without its query, a handler with its own,
 * the image optimiser in its one spelling). Paths are in the site's spelling: the front has
 * decided them before anything asks.
 */
describe("the paths that are not pages", () => {
  test.each([
    ["/_next/static/chunks/a.js", "static", "none"],
    ["/_next/static/media/font.woff2", "static", "none"],
    ["/_next/image", "image", "image"],
    ["/api/metrics", "metrics", "none"],
    ["/api/revalidate", "api", "own"],
    ["/api/exit-preview", "api", "own"],
    ["/api/health", "api", "own"],
    ["/api/draft-session", "api", "own"],
    ["/api/consent", "api", "own"],
    ["/assets/cover.jpg", "asset", "none"],
    ["/preview", "preview", "own"],
    ["/slice-simulator", "slice_simulator", "own"],
    ["/sitemap.xml", "seo", "none"],
    ["/sitemaps/2.xml", "seo", "none"],
    ["/robots.txt", "seo", "none"],
    ["/favicon.ico", "other", "none"],
  ])("%s is counted as %s and reads %s of its query", (path, kind, use) => {
    expect(isOutsidePath(path)).toBe(true);
    expect(outsideKind(path)).toBe(kind);
    expect(outsideQueryUse(path)).toBe(use);
    // Only the webhook and the consent records read their body with their own bound; a POST
    // anywhere else is held to the page limit (/slice-simulator is a page).
    expect(bodyUse(path)).toBe(["/api/revalidate", "/api/consent"].includes(path) ? "own" : "page");
  });

  test.each([
    "/",
    "/works",
    "/en/legals",
    "/works/hors-champ",
    // Next would read these as a page request (a data URL) or the app's tree under "_next".
    "/_next/data/build/fr/legals.json",
    "/_next/x",
    "/_next",
    "/_next/image/x",
    "/_next/static",
    // Only the named handlers: any other /api/... is the site's 404.
    "/api",
    "/api/made-up",
    "/api/revalidate/x",
    "/api/consent/x",
    // One file name under /assets/ and /sitemaps/, nothing deeper.
    "/assets",
    "/assets/a/b.jpg",
    "/sitemaps/a/b.xml",
    "/sitemaps/1.json",
    "/sitemap.xml/x",
    "/en/sitemap.xml",
    // The front spells a path without its final slash: only that spelling is the handler's.
    "/preview/",
    "/slice-simulator/",
    "/en/preview",
    "/favicon.ico/x",
  ])("%s is a page's path (or the site's 404)", (path) => {
    expect(isOutsidePath(path)).toBe(false);
    expect(outsideKind(path)).toBeUndefined();
    expect(outsideQueryUse(path)).toBeUndefined();
    expect(bodyUse(path)).toBe("page");
  });

  test("every kind is listed once, and every path's kind is one of them", () => {
    expect([...OUTSIDE_KINDS].sort()).toEqual(
      ["api", "asset", "image", "metrics", "other", "preview", "seo", "slice_simulator", "static"].sort(),
    );
    const path = fc.oneof(
      fc.webPath().map((p) => `/${p.replace(/^\/+/, "")}`),
      fc
        .tuple(
          fc.constantFrom("/_next/static/", "/assets/", "/sitemaps/", "/api/", "/"),
          fc.stringMatching(/^[a-z0-9./-]{0,20}$/),
        )
        .map(([prefix, rest]) => prefix + rest),
    );
    fc.assert(
      fc.property(path, (pathname) => {
        const kind = outsideKind(pathname);
        expect(isOutsidePath(pathname)).toBe(kind !== undefined);
        expect(outsideQueryUse(pathname) !== undefined).toBe(kind !== undefined);
        if (kind !== undefined) expect(OUTSIDE_KINDS).toContain(kind);
      }),
      { seed: 31, numRuns: 500 },
    );
  });
});
