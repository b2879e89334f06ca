import * as pageStaticInfo from "next/dist/build/analysis/get-page-static-info";
import { getMiddlewareRouteMatcher } from "next/dist/shared/lib/router/utils/middleware-route-matcher";

import { staticPages } from "@/lib/routing/static-pages";

import { config } from "./proxy";

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

test.each(staticPages().map((page) => page.path))(
  "the router refuses %s when Next reads it from a data URL (/_next/data/<build>/….json)",
  (path) => {
    expect(runsFor(path, { "x-nextjs-data": "1" })).toBe(true);
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
  "/not-found",
  "/api/health",
  "/slice-simulator",
  "/preview",
  "/x",
  "/_next/data/build-id/fr/legals.json",
])("the router still decides %s", (path) => {
  expect(runsFor(path)).toBe(true);
});

test("Next's own files never go through the router", () => {
  expect(runsFor("/_next/static/chunks/a.js")).toBe(false);
  expect(runsFor("/_next/image")).toBe(false);
});
