import fc from "fast-check";

import { LANGS, localePath } from "@/lib/i18n/locales";
import {
  listInternalPath,
  listPublicPath,
  MAX_LIST_PAGE,
  resolvePath,
  type Resolution,
} from "@/lib/routing/resolve-path";
import { categoryOfSlug, categorySlug, WORK_CATEGORIES } from "@/lib/site/work-categories";
import { pageWindow } from "@/lib/site/page-window";
import {
  LIST_TYPES,
  navEntries,
  PAGE_TYPE_NAMES,
  pagePath,
  pagePublicPath,
  pageRoute,
  pageTypeAt,
  type PageType,
} from "@/lib/site/page-types";
import { pageInternalPath, staticPageRewrites, staticPages } from "@/lib/routing/static-pages";
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
      "/accessibilite",
      { kind: "page", lang: "fr", type: "accessibility_page", internal: "/fr/accessibility" },
    ],
    [
      "/en/accessibility",
      { kind: "page", lang: "en", type: "accessibility_page", internal: "/en/accessibility" },
    ],
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
  test("the route resolvers cover every page type and works, in both languages, each at its language's path", () => {
    const paths = routes.map((route) => `${route.lang} ${route.type} ${route.path}`);
    for (const type of PAGE_TYPE_NAMES) {
      expect(paths).toContain(`fr-fr ${type} ${pagePath(type, "fr")}`);
      const english = pagePath(type, "en");
      expect(paths).toContain(`en-gb ${type} ${english === "/" ? "/en" : `/en${english}`}`);
    }
    expect(paths).toContain("fr-fr accessibility_page /accessibilite");
    expect(paths).toContain("en-gb accessibility_page /en/accessibility");
    expect(paths).toContain("fr-fr project /works/:uid");
    expect(paths).toContain("en-gb project /en/works/:uid");
    expect(routes).toHaveLength((PAGE_TYPE_NAMES.length + 1) * LANGS.length);
  });

  test("every routed page resolves to a page of its type, and its app page is the type's one route", () => {
    for (const route of routes.filter((candidate) => candidate.type !== "project")) {
      const lang = route.lang === "en-gb" ? "en" : "fr";
      const resolution = resolve(route.path);
      expect(resolution).toMatchObject({ type: route.type, lang });
      const type = route.type as PageType;
      if (resolution.kind === "page")
        expect(resolution.internal).toBe(pageInternalPath(lang, pageRoute(type)));
    }
  });

  test("a page with a path per language is at that path alone: another language's word is a 404", () => {
    expect(resolve("/accessibilite")).toEqual({
      kind: "page",
      lang: "fr",
      type: "accessibility_page",
      internal: "/fr/accessibility",
    });
    expect(resolve("/en/accessibility")).toEqual({
      kind: "page",
      lang: "en",
      type: "accessibility_page",
      internal: "/en/accessibility",
    });
    for (const [url, lang] of [
      ["/accessibility", "fr"],
      ["/en/accessibilite", "en"],
      ["/fr/accessibility", "fr"],
      ["/fr/accessibilite", "fr"],
      ["/accessibilite/x", "fr"],
    ]) {
      expect(resolve(url)).toEqual({ kind: "not-found", lang, internal: `/${lang}/not-found` });
    }
  });

  test("each language's path of a page type, and only it, names the page in that language", () => {
    const everyPath = LANGS.flatMap((lang) => PAGE_TYPE_NAMES.map((type) => pagePath(type, lang)));
    fc.assert(
      fc.property(fc.constantFrom(...LANGS), fc.constantFrom(...everyPath), (lang, path) => {
        const type = PAGE_TYPE_NAMES.find((candidate) => pagePath(candidate, lang) === path);
        const resolution = resolve(localePath(lang, path));
        if (type) expect(resolution).toMatchObject({ lang, type });
        else expect(resolution).toEqual({ kind: "not-found", lang, internal: `/${lang}/not-found` });
        expect(pageTypeAt(lang, path)).toBe(type);
      }),
      { numRuns: 200, seed: 31 },
    );
  });

  test("a public path is one page in one language: no two page types or languages share one", () => {
    const pages = LANGS.flatMap((lang) => PAGE_TYPE_NAMES.map((type) => pagePublicPath(type, lang)));
    expect(new Set(pages).size).toBe(pages.length);
    const internal = staticPages().map((page) => page.internal);
    expect(new Set(internal).size).toBe(internal.length);
  });

  test("next.config rewrites exactly the static pages whose public path is not their app path", () => {
    expect(staticPageRewrites()).toEqual(
      expect.arrayContaining([
        { source: "/accessibilite", destination: "/fr/accessibility" },
        { source: "/legals", destination: "/fr/legals" },
        { source: "/", destination: "/fr" },
      ]),
    );
    const sources = staticPageRewrites().map((rewrite) => rewrite.source);
    expect(sources).not.toContain("/en/accessibility");
    expect(sources).not.toContain("/en/legals");
    for (const page of staticPages()) {
      expect(resolve(page.path)).toMatchObject({ kind: "page", lang: page.lang, internal: page.internal });
    }
  });

  test("navigation menus come from the table, in each language at its own paths", () => {
    expect(navEntries("main", "fr").map((entry) => entry.path)).toEqual([
      "/works",
      "/works-completed",
      "/works-in-production",
      "/contact",
    ]);
    expect(navEntries("footer", "fr").map((entry) => entry.path)).toEqual(["/legals", "/accessibilite"]);
    expect(navEntries("footer", "en")).toEqual([
      { type: "legals_page", path: "/en/legals", label: "common.legals" },
      { type: "accessibility_page", path: "/en/accessibility", label: "common.accessibility" },
    ]);
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
