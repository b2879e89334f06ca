import type { AuditResults } from "./audit-results";

/**
 * What the accessibility statement says of one automated audit, counted from its checks: what was
 * tested (pages, page types, languages, widths, what was open over the page, rules) and what was
 * found, rule by rule, with the criteria each rule stands for and how many pages break it. A page is
 * its path: checked at several widths and states, it counts once.
 */
export interface AuditSummary {
  date: string;
  tool: string;
  browser: string;
  rules: number;
  pages: number;
  pageTypes: number;
  langs: string[];
  widths: number[];
  states: Array<"notice" | "panel">;
  violations: RuleViolations[];
}

export interface RuleViolations {
  rule: string;
  help: string;
  /** WCAG success criteria, "1.4.3". */
  wcag: string[];
  /** RGAA criteria, "3.2.1". */
  rgaa: string[];
  pages: number;
}

/** axe tags a WCAG success criterion as "wcag" and its digits ("wcag1410" is 1.4.10). */
const WCAG_TAG = /^wcag(\d)(\d)(\d{1,2})$/;
/** and an RGAA criterion as "RGAA-3.2.1". */
const RGAA_TAG = /^RGAA-(\d{1,2}\.\d{1,2}\.\d{1,2})$/;

const byNumber = (a: string, b: string) => a.localeCompare(b, "en", { numeric: true });

/** The WCAG success criteria and RGAA criteria among a rule's tags, in order, each once. */
export function criteriaOf(tags: readonly string[]): { wcag: string[]; rgaa: string[] } {
  const wcag = new Set<string>();
  const rgaa = new Set<string>();
  for (const tag of tags) {
    const success = WCAG_TAG.exec(tag);
    if (success) wcag.add(success.slice(1).join("."));
    const criterion = RGAA_TAG.exec(tag);
    if (criterion) rgaa.add(criterion[1]);
  }
  return { wcag: [...wcag].sort(byNumber), rgaa: [...rgaa].sort(byNumber) };
}

const distinct = <T>(values: T[]) => [...new Set(values)];

export function summariseAudit(results: AuditResults): AuditSummary {
  const byRule = new Map<string, { help: string; tags: Set<string>; paths: Set<string> }>();
  for (const check of results.checks) {
    for (const violation of check.violations) {
      const rule = byRule.get(violation.rule) ?? { help: violation.help, tags: new Set(), paths: new Set() };
      violation.tags.forEach((tag) => rule.tags.add(tag));
      rule.paths.add(check.path);
      byRule.set(violation.rule, rule);
    }
  }
  const violations = [...byRule].map(([rule, { help, tags, paths }]) => ({
    rule,
    help,
    ...criteriaOf([...tags]),
    pages: paths.size,
  }));
  // The rules that break the most pages first.
  violations.sort((a, b) => b.pages - a.pages || a.rule.localeCompare(b.rule));
  const states = distinct(results.checks.map((check) => check.state));
  return {
    date: results.date,
    tool: `${results.tool.name} ${results.tool.version}`,
    browser: results.browser,
    rules: new Set(results.rules).size,
    pages: new Set(results.checks.map((check) => check.path)).size,
    pageTypes: new Set(results.checks.map((check) => check.pageType)).size,
    langs: distinct(results.checks.map((check) => check.lang)),
    widths: distinct(results.checks.map((check) => check.width)).sort((a, b) => a - b),
    states: (["notice", "panel"] as const).filter((state) => states.includes(state)),
    violations,
  };
}
