import fc from "fast-check";

import { renderKindOf, REQUEST_KINDS, requestKindOf } from "@/lib/metrics/request-kind";

describe("the page type a request is counted under", () => {
  test.each([
    ["/", "home_page"],
    ["/en", "home_page"],
    ["/works", "works_page"],
    ["/en/works-completed", "works_completed_page"],
    ["/works-in-production", "works_in_production_page"],
    ["/works/electrique", "project"],
    ["/en/works/anything-valid", "project"],
    ["/contact", "contact_page"],
    ["/en/legals", "legals_page"],
    ["/accessibilite", "accessibility_page"],
    ["/en/accessibility", "accessibility_page"],
    ["/accessibility", "not_found"],
    ["/en/accessibilite", "not_found"],
    ["/wp-admin", "not_found"],
    ["/works/a/b", "not_found"],
    ["/_next/data/x/fr.json", "not_found"],
    ["/api/metrics", "metrics"],
    ["/api/revalidate", "api"],
    ["/preview", "preview"],
    ["/slice-simulator", "slice_simulator"],
    ["/_next/image", "image"],
    ["/_next/static/chunks/a.js", "static"],
    ["/assets/cover.jpg", "asset"],
    ["/sitemap.xml", "seo"],
    ["/robots.txt", "seo"],
    ["/favicon.ico", "other"],
  ])("%s is %s", (path, kind) => {
    expect(requestKindOf(path)).toBe(kind);
  });

  test("any path gets one of the fixed kinds: a scanner cannot add labels", () => {
    fc.assert(
      fc.property(fc.webPath(), fc.string(), (path, junk) => {
        expect(REQUEST_KINDS).toContain(requestKindOf(path || "/"));
        expect(REQUEST_KINDS).toContain(renderKindOf(`/${junk}`));
      }),
      { seed: 24 },
    );
  });

  test.each([
    ["/route-cache/APP_PAGE/5ac4/$/fr/lists/works_page/all/1", "works_page"],
    ["/route-cache/APP_PAGE/a31c/$/fr", "home_page"],
    ["/en/lists/works_completed_page/film/3", "works_completed_page"],
    ["/fr/works/electrique", "project"],
    ["/en/legals", "legals_page"],
    ["/fr/accessibility", "accessibility_page"],
    ["/route-cache/APP_PAGE/b2e0/$/en/accessibility", "accessibility_page"],
    ["/fr/accessibilite", "other"],
    ["/fr/not-found", "not_found"],
    ["/fr/lists/nope/1", "other"],
    ["/xx/legals", "other"],
  ])("an ISR entry for %s renders %s", (key, kind) => {
    expect(renderKindOf(key)).toBe(kind);
  });
});
