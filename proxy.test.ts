import * as pageStaticInfo from "next/dist/build/analysis/get-page-static-info";
import { PRERENDER_REVALIDATE_HEADER } from "next/dist/lib/constants";
import { getMiddlewareRouteMatcher } from "next/dist/shared/lib/router/utils/middleware-route-matcher";
import fc from "fast-check";
import { NextRequest } from "next/server";

import { requestRules } from "@/lib/routing/request-rules";
import { staticPages } from "@/lib/routing/static-pages";
import { decideRequest, FRONT_HEADERS } from "@/server/request-target.mjs";

import { config } from "./proxy";

// The content probe answers as each test says; the redirects come from the bundled content/.
jest.mock("@/lib/routing/content-probe", () => ({ workExists: jest.fn(), listPageExists: jest.fn() }));
// No server to ask: the router's request for its own 404 page fails unless a test answers it.
beforeEach(() => {
  global.fetch = jest.fn(async () => {
    throw new TypeError("fetch failed");
  }) as typeof fetch;
});

/**
 * The request router's matcher is a literal (Next reads it at build); these hold it to the page
 * table: it leaves out exactly the pages that exist whatever the content says, compiled and run as
 * Next compiles and runs it, and keeps every other path, however close, under the router.
 */
// Next's own compiler of the matcher, as the build runs it (exported, though not in its types).
const { getMiddlewareMatchers } = pageStaticInfo as unknown as {
  getMiddlewareMatchers(
    matcher: typeof config.matcher,
    nextConfig: object,
  ): Parameters<typeof getMiddlewareRouteMatcher>[0];
};
const matchers = getMiddlewareMatchers(config.matcher, {});
const routed = getMiddlewareRouteMatcher(matchers);
const runsFor = (pathname: string, headers: Record<string, string> = {}) =>
  routed(pathname, { headers, cookies: {} } as never, {} as never);

test.each(staticPages().map((page) => page.path))(
  "the router leaves %s to next.config's rewrites",
  (path) => {
    expect(runsFor(path)).toBe(false);
  },
);

test.each([
  "/works",
  "/works/aurores-boreales",
  "/en/works",
  "/works-completed",
  "/fr",
  "/fr/legals",
  "/en/fr",
  "/legals/x",
  "/contact/",
  "/LEGALS",
  "/Contact",
  "/EN",
  "/enlegals",
  "/en/legalsx",
  "/en/contact/x",
  // The accessibility statement has one path per language: the other language's is a 404.
  "/accessibility",
  "/en/accessibilite",
  "/fr/accessibility",
  "/accessibilite/",
  "/en/accessibilityx",
  "/not-found",
  "/api/health",
  "/slice-simulator",
  "/preview",
  "/x",
  "/_next/data/build-id/fr/legals.json",
])("the router still decides %s", (path) => {
  expect(runsFor(path)).toBe(true);
});

test("the router runs for every path but those pages, however close: each language's own path and no other", () => {
  const statics = new Set(staticPages().map((page) => page.path));
  const segment = fc.constantFrom(
    "en",
    "fr",
    "contact",
    "legals",
    "accessibilite",
    "accessibility",
    "Accessibilite",
    "works",
    "legalsx",
    "",
  );
  fc.assert(
    fc.property(fc.array(segment, { minLength: 1, maxLength: 3 }), fc.boolean(), (segments, slash) => {
      const path = `/${segments.join("/")}${slash ? "/" : ""}`;
      expect(runsFor(path)).toBe(!statics.has(path));
    }),
    { numRuns: 500, seed: 41 },
  );
});

test("Next's own files never go through the router", () => {
  expect(runsFor("/_next/static/chunks/a.js")).toBe(false);
  expect(runsFor("/_next/image")).toBe(false);
  expect(runsFor("/_next/static/chunks/a.js", { [FRONT_HEADERS.renderAnew]: "id" })).toBe(false);
});

test.each([...staticPages().map((page) => page.path), "/works", "/works/x", "/sitemap.xml"])(
  "this server's own request for a fresh render of %s goes through the router",
  (path) => {
    expect(runsFor(path, { [FRONT_HEADERS.renderAnew]: "preview-id" })).toBe(true);
  },
);

/**
 * The router's answer to a request as Next hands it over: its status, where it sends the visitor,
 * its caching, its rewrite.
 */
async function answer(path: string, headers: Record<string, string> = {}, method = "GET") {
  const { proxy } = jest.requireActual<typeof import("./proxy")>("./proxy");
  const response = await proxy(new NextRequest(`http://localhost:3000${path}`, { headers, method }));
  return {
    status: response.status,
    location: response.headers.get("location"),
    cache: response.headers.get("cache-control"),
    rewrite: response.headers.get("x-middleware-rewrite"),
  };
}

/**
 * The router's answer to a visitor's request under npm start: the front (server/request-target.mjs)
 * decides the target first and, passing it on, adds its own headers, as server/main.mjs does.
 */
async function answerViaFront(path: string, headers: Record<string, string> = {}, method = "GET") {
  const decision = decideRequest({ method, target: path, rsc: headers.rsc === "1" }, requestRules);
  if (decision.action !== "pass") throw new Error(`the front does not pass ${path} on: ${decision.action}`);
  return answer(decision.target, { ...headers, ...decision.headers }, method);
}

describe("the editors' redirects, decided where a 404 would be", () => {
  const probe = jest.requireMock<{ workExists: jest.Mock; listPageExists: jest.Mock }>(
    "@/lib/routing/content-probe",
  );
  const { markRedirectTableStale } = jest.requireActual<typeof import("@/lib/routing/redirect-table")>(
    "@/lib/routing/redirect-table",
  );

  beforeEach(() => {
    probe.workExists.mockResolvedValue(false);
    probe.listPageExists.mockResolvedValue(false);
    markRedirectTableStale();
  });

  test("a retired page and a work's former uid redirect, in both languages, keeping the query", async () => {
    expect(await answerViaFront("/showreel")).toEqual({
      status: 308,
      location: "http://localhost:3000/works",
      cache: expect.stringContaining("no-store"),
      rewrite: null,
    });
    expect(await answerViaFront("/works/courant-electrique?x=1")).toMatchObject({
      status: 308,
      location: "http://localhost:3000/works/electrique?x=1",
    });
    expect(await answerViaFront("/en/works/electric-current?utm_source=a")).toMatchObject({
      status: 308,
      location: "http://localhost:3000/en/works/electric?utm_source=a",
    });
    expect(await answerViaFront("/showreel?utm_source=a&q=%5C")).toMatchObject({
      status: 308,
      location: "http://localhost:3000/works?utm_source=a&q=%5C",
    });
    expect(await answerViaFront("/recrutement")).toMatchObject({
      status: 307,
      location: "http://localhost:3000/contact",
    });
  });

  test("the visitor's path and query are the front's headers: Next is given the fixed 404 path", async () => {
    expect(
      await answer("/not-found", { "x-site-path": "/showreel", "x-site-query": "utm_source=a" }),
    ).toMatchObject({ status: 308, location: "http://localhost:3000/works?utm_source=a" });
    expect(await answer("/en/not-found", { "x-site-path": "/en/made-up" })).toMatchObject({
      status: 404,
      location: null,
      rewrite: "http://localhost:3000/en/not-found",
    });
  });

  test("a page that exists is never redirected; a path nobody redirects is still the 404", async () => {
    probe.workExists.mockResolvedValue(true);
    expect(await answer("/works/courant-electrique")).toMatchObject({
      status: 200,
      location: null,
      rewrite: "http://localhost:3000/fr/works/courant-electrique",
    });
    // The content API failing: the page renders as before, never a redirect or a wrong 404.
    probe.workExists.mockResolvedValue(undefined);
    expect((await answer("/works/courant-electrique")).status).toBe(200);
    expect(await answerViaFront("/made-up")).toMatchObject({ status: 404, location: null });
    expect(await answerViaFront("/works?page=99")).toMatchObject({ status: 404, location: null });
  });

  test("a form post and the 404 page's own path are not redirected", async () => {
    expect(await answerViaFront("/showreel", {}, "POST")).toMatchObject({ status: 404, location: null });
    expect(await answerViaFront("/not-found")).toMatchObject({ status: 404, location: null });
  });
});

describe("a list page", () => {
  const probe = jest.requireMock<{ listPageExists: jest.Mock }>("@/lib/routing/content-probe");

  beforeEach(() => probe.listPageExists.mockResolvedValue(true));

  test("as written, or asked by a client navigation (RSC), it is rendered", async () => {
    expect(await answerViaFront("/works?category=film&page=2")).toMatchObject({
      status: 200,
      rewrite: "http://localhost:3000/fr/lists/works_page/film/2",
    });
    expect(await answerViaFront("/works?page=2&category=film&_rsc=x", { rsc: "1" })).toMatchObject({
      status: 200,
      rewrite: "http://localhost:3000/fr/lists/works_page/film/2?_rsc=x",
    });
  });

  test("its spelling is the front's to decide: the router renders whatever list it is given", async () => {
    // (The front sends /works?page=1 to /works before the router sees it: server/request-target.test.ts.)
    expect(await answer("/works?page=1")).toMatchObject({
      status: 200,
      location: null,
      rewrite: "http://localhost:3000/fr/lists/works_page/all/1",
    });
  });
});

describe("a 404 the content decided", () => {
  const probe = jest.requireMock<{ workExists: jest.Mock; listPageExists: jest.Mock }>(
    "@/lib/routing/content-probe",
  );
  let asked: string[];

  beforeEach(() => {
    probe.workExists.mockResolvedValue(false);
    probe.listPageExists.mockResolvedValue(false);
    asked = [];
    // The server asking itself for its 404 page: answered here as Next would (a 404 HTML page).
    global.fetch = jest.fn(async (url: string | URL | Request) => {
      asked.push(String(url));
      return new Response("<!DOCTYPE html><title>404</title>", {
        status: 404,
        headers: { "content-type": "text/html; charset=utf-8", "cache-control": "s-maxage=5" },
      });
    }) as typeof fetch;
  });

  test("is the 404 page asked for its own fixed path, never rendered under the visitor's words", async () => {
    for (const [path, fixed] of [
      ["/works/call-33-1-23-45-67-89-for-a-refund", "http://localhost:3000/not-found"],
      ["/en/works/call-us-now", "http://localhost:3000/en/not-found"],
      ["/works?page=99", "http://localhost:3000/not-found"],
    ]) {
      expect(await answerViaFront(path)).toEqual({
        status: 404,
        location: null,
        cache: "s-maxage=5",
        rewrite: null,
      });
      expect(asked.pop()).toBe(fixed);
    }
  });

  test("behind a TLS proxy (Next's request URL says https), it asks this server over plain HTTP", async () => {
    const { proxy } = jest.requireActual<typeof import("./proxy")>("./proxy");
    const answer = await proxy(new NextRequest("https://localhost:3000/works/gone-for-good"));
    expect(answer.status).toBe(404);
    expect(asked.pop()).toBe("http://localhost:3000/not-found");
  });

  test("a client navigation gets a bare 404 (its client then loads the address as a page)", async () => {
    expect(await answerViaFront("/works/gone?_rsc=abc", { rsc: "1" })).toMatchObject({
      status: 404,
      cache: expect.stringContaining("no-store"),
    });
    expect(asked).toEqual([]);
  });

  test("when the server cannot answer itself, the 404 is rendered as before", async () => {
    global.fetch = jest.fn(async () => {
      throw new TypeError("fetch failed");
    }) as typeof fetch;
    expect(await answerViaFront("/works/gone")).toMatchObject({
      status: 404,
      rewrite: "http://localhost:3000/fr/not-found",
    });
  });
});

describe("this server's own request for a fresh render", () => {
  const probe = jest.requireMock<{ workExists: jest.Mock; listPageExists: jest.Mock }>(
    "@/lib/routing/content-probe",
  );
  const { proxy } = jest.requireActual<typeof import("./proxy")>("./proxy");

  beforeEach(() => {
    probe.workExists.mockResolvedValue(true);
    probe.listPageExists.mockResolvedValue(true);
  });

  /** Next's view of the request the router goes on with: its rewrite and request headers. */
  async function onward(path: string, headers: Record<string, string>) {
    const decision = decideRequest({ method: "GET", target: path, rsc: false }, requestRules);
    if (decision.action !== "pass") throw new Error(`the front does not pass ${path} on`);
    const response = await proxy(
      new NextRequest(`http://localhost:3000${decision.target}`, {
        headers: { ...headers, ...decision.headers },
      }),
    );
    const overridden = (response.headers.get("x-middleware-override-headers") ?? "").split(",");
    return {
      status: response.status,
      rewrite: response.headers.get("x-middleware-rewrite"),
      passedOn: response.headers.get("x-middleware-next") === "1",
      overridden: overridden.filter(Boolean),
      renderAnew: response.headers.get(`x-middleware-request-${PRERENDER_REVALIDATE_HEADER}`),
    };
  }

  // Pages as visitors write them: every kind the router routes, and what it passes through.
  const pagePath = fc.oneof(
    fc.constantFrom(...staticPages().map((page) => page.path), "/sitemap.xml", "/not-found"),
    fc.stringMatching(/^[a-z0-9]{1,12}(?:-[a-z0-9]{1,8}){0,3}$/).map((uid) => `/works/${uid}`),
    fc.stringMatching(/^[a-z0-9]{1,12}$/).map((uid) => `/en/works/${uid}`),
    fc
      .record({
        list: fc.constantFrom("/works", "/en/works-completed", "/works-in-production"),
        page: fc.integer({ min: 1, max: 40 }),
      })
      .map(({ list, page }) => (page > 1 ? `${list}?page=${page}` : list)),
  );

  test("goes on to Next as an on-demand revalidation of the page the public URL names, the id the front's", async () => {
    await fc.assert(
      fc.asyncProperty(pagePath, fc.stringMatching(/^[0-9a-f]{32}$/), async (path, id) => {
        const asked = await onward(path, { [FRONT_HEADERS.renderAnew]: id, accept: "text/html" });
        expect(asked.status).toBeLessThan(500);
        expect(asked.renderAnew).toBe(id);
        expect(asked.overridden).toContain(PRERENDER_REVALIDATE_HEADER);
        expect(asked.overridden).toContain("accept");
        expect(asked.overridden).not.toContain(FRONT_HEADERS.renderAnew);
        expect(asked.rewrite !== null || asked.passedOn).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  test("a visitor's request goes on unchanged: Next's header is never added", async () => {
    await fc.assert(
      fc.asyncProperty(pagePath, async (path) => {
        const asked = await onward(path, { accept: "text/html" });
        expect(asked.renderAnew).toBeNull();
        expect(asked.overridden).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});
