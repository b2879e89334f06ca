import fc from "fast-check";

import { LANGS } from "@/lib/i18n/locales";
import {
  listInternalPath,
  listPublicPath,
  MAX_LIST_PAGE,
  resolvePath,
  type Resolution,
} from "@/lib/routing/resolve-path";
import { categoryOfSlug, categorySlug, WORK_CATEGORIES } from "@/lib/site/work-categories";
import { pageWindow } from "@/lib/site/page-window";
import { LIST_TYPES, navEntries, PAGE_TYPES } from "@/lib/site/page-types";
import { routes } from "@/lib/prismic/client";

function resolve(url: string): Resolution {
  const parsed = new URL(url, "http://site.test");
  return resolvePath(parsed.pathname, parsed.searchParams);
}

describe("request router", () => {
  test.each([
    ["/", { kind: "page", lang: "fr", type: "home_page", internal: "/fr" }],
    ["/en", { kind: "page", lang: "en", type: "home_page", internal: "/en" }],
    ["/contact", { kind: "page", lang: "fr", type: "contact_page", internal: "/fr/contact" }],
    ["/en/legals", { kind: "page", lang: "en", type: "legals_page", internal: "/en/legals" }],
    [
      "/works",
      {
        kind: "list",
        lang: "fr",
        type: "works_page",
        category: null,
        page: 1,
        internal: "/fr/lists/works_page/all/1",
      },
    ],
    [
      "/en/works-completed?page=3",
      {
        kind: "list",
        lang: "en",
        type: "works_completed_page",
        category: null,
        page: 3,
        internal: "/en/lists/works_completed_page/all/3",
      },
    ],
    [
      "/works-in-production?category=brand-content",
      {
        kind: "list",
        lang: "fr",
        type: "works_in_production_page",
        category: "brand content",
        page: 1,
        internal: "/fr/lists/works_in_production_page/brand-content/1",
      },
    ],
    [
      "/en/works?page=2&category=documentary",
      {
        kind: "list",
        lang: "en",
        type: "works_page",
        category: "documentary",
        page: 2,
        internal: "/en/lists/works_page/documentary/2",
      },
    ],
    ["/works/hors-champ", { kind: "work", lang: "fr", uid: "hors-champ", internal: "/fr/works/hors-champ" }],
    [
      "/en/works/night_watch.2",
      { kind: "work", lang: "en", uid: "night_watch.2", internal: "/en/works/night_watch.2" },
    ],
  ])("%s", (url, expected) => {
    expect(resolve(url)).toEqual(expected);
  });

  test.each([
    ["/not-found", "fr"],
    ["/en/not-found", "en"],
    ["/no-such-page", "fr"],
    ["/en/no-such-page", "en"],
    ["/contact/extra", "fr"],
    ["/works/a/b", "fr"],
    ["/en/works/a/b", "en"],
    ["/works/BAD%20uid", "fr"],
    ["/works/Upper", "fr"],
    ["/works/%ff%fe", "fr"],
    ["/works/", "fr"],
    ["/works/" + "a".repeat(101), "fr"],
    // The app's internal tree is never a second URL for a page.
    ["/fr", "fr"],
    ["/fr/works", "fr"],
    ["/en/lists/works_page/1", "en"],
    ["/lists/works_page/1", "fr"],
    ["/english", "fr"],
    ["/api", "fr"],
    ["/api/nope", "fr"],
    ["/assets/a/works/b", "fr"],
    ["/works?page=0", "fr"],
    ["/works?page=-1", "fr"],
    ["/works?page=2.5", "fr"],
    ["/works?page=abc", "fr"],
    ["/works?page=", "fr"],
    ["/works?page=2&page=3", "fr"],
    [`/works?page=${MAX_LIST_PAGE + 1}`, "fr"],
    ["/en/works-in-production?page=01", "en"],
    // A category filter: one known slug, spelled as the site writes it.
    ["/works?category=", "fr"],
    ["/works?category=hologram", "fr"],
    ["/works?category=Documentary", "fr"],
    ["/works?category=brand%20content", "fr"],
    ["/works?category=brand+content", "fr"],
    ["/works?category=film&category=film", "fr"],
    ["/en/works?category=film&page=0", "en"],
    ["/works?category=__proto__", "fr"],
    ["/works?category=all", "fr"],
  ])("%s is a 404 in %s", (url, lang) => {
    expect(resolve(url)).toEqual({ kind: "not-found", lang, internal: `/${lang}/not-found` });
  });

  test("dot segments a client did not normalise are a 404", () => {
    for (const pathname of [
      "/works/..",
      "/works/.",
      "/en/works/../contact",
      "/works/%2e%2e",
      "/works/a%2Fb",
    ]) {
      expect(resolvePath(pathname, new URLSearchParams())).toMatchObject({ kind: "not-found" });
    }
  });

  test.each([
    "/_next/static/chunks/a.js",
    "/_next/image",
    "/api/revalidate",
    "/api/exit-preview",
    "/api/health",
    "/assets/cover.jpg",
    "/preview",
    "/slice-simulator",
    "/sitemap.xml",
    "/sitemaps/2.xml",
    "/robots.txt",
    "/favicon.ico",
  ])("%s is not a site page: Next serves it", (url) => {
    expect(resolve(url)).toEqual({ kind: "outside" });
  });

  test.each([
    ["/assets/%E0%A4%A", "fr"],
    ["/assets/cover%ff.jpg", "fr"],
    ["/sitemaps/%C0%AF.xml", "fr"],
    ["/_next/static/%zz", "fr"],
  ])("%s, malformed, is the site's 404 rather than a route Next cannot decode", (url, lang) => {
    expect(resolve(url)).toEqual({ kind: "not-found", lang, internal: `/${lang}/not-found` });
  });

  test("nothing under /_next/ but Next's files and images reaches a page: data URLs, made-up names", () => {
    const path = fc.tuple(
      fc.constantFrom(
        "/_next/data/",
        "/_next/data//",
        "/_next/data/%2e/",
        "/_next/",
        "/_next/x/",
        "/_next/image/",
      ),
      fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/),
      fc.constantFrom(
        "/fr/legals",
        "/en/legals",
        "/index",
        "/fr/lists/works_page/1",
        "/fr/works/x",
        "/slice-simulator",
        "/works",
        "",
      ),
      fc.constantFrom(".json", "", ".json?state=x", "/"),
    );
    fc.assert(
      fc.property(path, (parts) => {
        const [pathname, query = ""] = parts.join("").split("?");
        expect(resolve(`${pathname}${query ? `?${query}` : ""}`).kind).toBe("not-found");
      }),
      { numRuns: 300, seed: 22 },
    );
  });

  test("other query parameters never change the page", () => {
    expect(resolve("/contact?page=abc&utm_source=x")).toMatchObject({ kind: "page", type: "contact_page" });
    expect(resolve("/works/hors-champ?page=2")).toMatchObject({ kind: "work", uid: "hors-champ" });
  });

  test("list URLs: the first page has no ?page, the whole list no ?category; they resolve back to themselves", () => {
    expect(listPublicPath("fr", { type: "works_page", category: null, page: 1 })).toBe("/works");
    expect(listPublicPath("en", { type: "works_in_production_page", category: null, page: 4 })).toBe(
      "/en/works-in-production?page=4",
    );
    expect(listPublicPath("fr", { type: "works_page", category: "music video", page: 1 })).toBe(
      "/works?category=music-video",
    );
    expect(listPublicPath("en", { type: "works_completed_page", category: "film", page: 3 })).toBe(
      "/en/works-completed?category=film&page=3",
    );
    const view = fc.record({
      type: fc.constantFrom(...LIST_TYPES),
      category: fc.constantFrom(null, ...WORK_CATEGORIES),
      page: fc.integer({ min: 1, max: MAX_LIST_PAGE }),
    });
    fc.assert(
      fc.property(fc.constantFrom(...LANGS), view, (lang, listView) => {
        expect(resolve(listPublicPath(lang, listView))).toEqual({
          kind: "list",
          lang,
          ...listView,
          internal: listInternalPath(lang, listView),
        });
      }),
      { numRuns: 300, seed: 25 },
    );
  });

  test("no category query but a known slug's reaches a filtered list, and each names its own internal page", () => {
    const slugs = new Set(WORK_CATEGORIES.map(categorySlug));
    const value = fc.oneof(
      fc.string(),
      fc.constantFrom(...slugs).map((slug) => slug.toUpperCase()),
      fc.constantFrom(...slugs).map((slug) => `${slug} `),
      fc.constantFrom(...slugs).map((slug) => slug.replace("-", " ")),
      fc.constantFrom(...slugs),
    );
    const internals = new Set<string>();
    fc.assert(
      fc.property(value, (category) => {
        const search = new URLSearchParams([["category", category]]);
        const resolution = resolvePath("/works", search);
        if (slugs.has(category)) {
          expect(resolution).toMatchObject({ kind: "list", category: categoryOfSlug(category) });
          if (resolution.kind === "list") internals.add(resolution.internal);
        } else {
          expect(resolution.kind).toBe("not-found");
        }
      }),
      { numRuns: 500, seed: 25 },
    );
    expect(internals.size).toBeLessThanOrEqual(WORK_CATEGORIES.length);
  });
});

describe("one page-type table", () => {
  test("the route resolvers cover every page type and works, in both languages", () => {
    const paths = routes.map((route) => `${route.lang} ${route.type} ${route.path}`);
    for (const [type, { path }] of Object.entries(PAGE_TYPES)) {
      expect(paths).toContain(`fr-fr ${type} ${path}`);
      expect(paths).toContain(`en-gb ${type} ${path === "/" ? "/en" : `/en${path}`}`);
    }
    expect(paths).toContain("fr-fr project /works/:uid");
    expect(paths).toContain("en-gb project /en/works/:uid");
  });

  test("every routed page resolves to a page of its type", () => {
    for (const route of routes.filter((candidate) => candidate.type !== "project")) {
      expect(resolve(route.path)).toMatchObject({
        type: route.type,
        lang: route.lang === "en-gb" ? "en" : "fr",
      });
    }
  });

  test("navigation menus come from the table", () => {
    expect(navEntries("main").map((entry) => entry.path)).toEqual([
      "/works",
      "/works-completed",
      "/works-in-production",
      "/contact",
    ]);
    expect(navEntries("footer").map((entry) => entry.path)).toEqual(["/legals"]);
  });
});

describe("pager window", () => {
  test.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 3, null, 10]],
    [5, 10, [1, 2, 3, 4, 5, 6, 7, null, 10]],
    [6, 12, [1, null, 4, 5, 6, 7, 8, null, 12]],
    [10, 10, [1, null, 8, 9, 10]],
    [200, 417, [1, null, 198, 199, 200, 201, 202, null, 417]],
  ])("page %i of %i", (page, total, expected) => {
    expect(pageWindow(page, total)).toEqual(expected);
  });
});
