import fc from "fast-check";

import type { AuditCheck, AuditResults } from "./audit-results";
import { criteriaOf, summariseAudit } from "./audit-summary";
import { latestAudit, summarise } from "./latest-audit";

const contrast = {
  rule: "color-contrast",
  impact: "serious" as const,
  help: "Elements must meet minimum color contrast ratio thresholds",
  tags: ["cat.color", "wcag2aa", "wcag143", "EN-9.1.4.3", "RGAAv4", "RGAA-3.2.1"],
  nodes: 2,
};
const region = {
  rule: "region",
  impact: "moderate" as const,
  help: "All page content should be contained by landmarks",
  tags: ["cat.keyboard", "best-practice", "RGAAv4", "RGAA-9.2.1"],
  nodes: 1,
};

function check(path: string, overrides: Partial<AuditCheck> = {}): AuditCheck {
  return {
    path,
    lang: path.startsWith("/en") ? "en" : "fr",
    pageType: path === "/" || path === "/en" ? "home_page" : "legals_page",
    width: 390,
    state: "notice",
    violations: [],
    ...overrides,
  };
}

function results(checks: AuditCheck[]): AuditResults {
  return {
    date: "2026-11-27T17:45:00.000Z",
    tool: { name: "axe-core", version: "4.14.1" },
    browser: "Chromium 150.0.7871.100",
    rules: ["color-contrast", "region", "image-alt", "region"],
    checks,
  };
}

describe("the criteria a rule stands for", () => {
  test("WCAG success criteria from axe's wcagNNN tags, RGAA criteria from its RGAA-x.y.z tags", () => {
    expect(criteriaOf(contrast.tags)).toEqual({ wcag: ["1.4.3"], rgaa: ["3.2.1"] });
    expect(criteriaOf(["wcag2a", "wcag21aa", "wcag1410", "wcag111", "wcag111", "RGAA-10.11.1"])).toEqual({
      wcag: ["1.1.1", "1.4.10"],
      rgaa: ["10.11.1"],
    });
    expect(criteriaOf(region.tags)).toEqual({ wcag: [], rgaa: ["9.2.1"] });
    expect(criteriaOf(["best-practice", "wcag2aaa", "TTv5", "EN-301-549"])).toEqual({ wcag: [], rgaa: [] });
  });

  test("levels and versions are never read as criteria", () => {
    fc.assert(
      fc.property(fc.constantFrom("a", "aa", "aaa"), fc.constantFrom("2", "21", "22"), (level, version) => {
        expect(criteriaOf([`wcag${version}${level}`]).wcag).toEqual([]);
      }),
    );
  });
});

describe("an audit, summarised", () => {
  test("counts pages by path, page types, languages, widths and states, each once", () => {
    const summary = summariseAudit(
      results(
        ["/", "/en", "/legals", "/en/legals"].flatMap((path) =>
          [1440, 390].flatMap((width) =>
            (["panel", "notice"] as const).map((state) => check(path, { width, state })),
          ),
        ),
      ),
    );
    expect(summary).toEqual({
      date: "2026-11-27T17:45:00.000Z",
      tool: "axe-core 4.14.1",
      browser: "Chromium 150.0.7871.100",
      rules: 3,
      pages: 4,
      pageTypes: 2,
      langs: ["fr", "en"],
      widths: [390, 1440],
      states: ["notice", "panel"],
      violations: [],
    });
  });

  test("violations by rule, with their criteria and how many pages break them, the most pages first", () => {
    const checks = [
      check("/", { violations: [region] }),
      check("/", { width: 1440, violations: [region, contrast] }),
      check("/legals", { violations: [region] }),
      check("/en/legals", { state: "panel", violations: [contrast] }),
    ];
    expect(summariseAudit(results([...checks, check("/en", { violations: [region] })])).violations).toEqual([
      { rule: "region", help: region.help, wcag: [], rgaa: ["9.2.1"], pages: 3 },
      { rule: "color-contrast", help: contrast.help, wcag: ["1.4.3"], rgaa: ["3.2.1"], pages: 2 },
    ]);
    // As many pages each: by rule.
    expect(summariseAudit(results(checks)).violations.map(({ rule, pages }) => [rule, pages])).toEqual([
      ["color-contrast", 2],
      ["region", 2],
    ]);
  });

  test("a rule's page count is the number of distinct paths breaking it, whatever widths and states", () => {
    const paths = fc.constantFrom("/", "/en", "/works", "/en/works", "/legals");
    const breaking = fc.array(
      fc.record({
        path: paths,
        width: fc.constantFrom(390, 1440),
        state: fc.constantFrom("notice" as const, "panel" as const),
      }),
      { minLength: 1, maxLength: 20 },
    );
    fc.assert(
      fc.property(breaking, (found) => {
        const summary = summariseAudit(
          results(
            found.map(({ path, width, state }) => check(path, { width, state, violations: [contrast] })),
          ),
        );
        expect(summary.violations).toEqual([
          expect.objectContaining({
            rule: "color-contrast",
            pages: new Set(found.map(({ path }) => path)).size,
          }),
        ]);
        expect(summary.pages).toBe(new Set(found.map(({ path }) => path)).size);
      }),
      { seed: 27 },
    );
  });
});

describe("the results file", () => {
  test("anything that does not hold together reads as no audit", () => {
    for (const json of [null, undefined, {}, [], "audit", { ...results([check("/")]), checks: [] }]) {
      expect(summarise(json)).toBeNull();
    }
    expect(summarise({ ...results([check("/")]), date: "yesterday" })).toBeNull();
    expect(summarise(results([check("/")]))).not.toBeNull();
  });

  test("the file the statement shows holds together and covers both languages", () => {
    expect(latestAudit).not.toBeNull();
    expect(latestAudit!.langs).toEqual(expect.arrayContaining(["fr", "en"]));
  });
});
