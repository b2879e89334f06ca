import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import axe, { type AxeResults, type Result } from "axe-core";

/**
 * Every rule of the project's axe-core, whatever its tags: WCAG A, AA and AAA, best practices, and
 * the rules axe leaves off by default (experimental, deprecated, AAA, target-size). axe is injected
 * as installed, so the rules listed are the rules that run.
 */
export const ALL_AXE_RULES = axe.getRules().map((rule) => rule.ruleId);

/** The axe-core version those rules are from. */
export const AXE_VERSION = axe.version;

/** `axe.run` with every rule, inside a page without frames; axe is injected once per document. */
async function runInPage(page: Page): Promise<AxeResults> {
  if (await page.evaluate(() => !("axe" in window))) await page.evaluate(axe.source);
  return page.evaluate(
    (rules) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: "rule", values: rules },
      }),
    ALL_AXE_RULES,
  );
}

/**
 * Every axe rule on the page as it is now; throws when one of them did not run.
 *
 * A page without frames is analysed by one `axe.run` inside it, as AxeBuilder's legacy mode does:
 * the same rules and results as its default mode, which exists to gather frames' partial results
 * and finishes them in a new blank page, a few seconds each time on a busy machine. A page with
 * frames gets the default mode, which also looks inside cross-origin ones.
 */
export async function axeResults(page: Page): Promise<AxeResults> {
  const results =
    page.frames().length === 1
      ? await runInPage(page)
      : await new AxeBuilder({ page, axeSource: axe.source }).withRules(ALL_AXE_RULES).analyze();
  // A rule may be in several lists (some elements pass, others need review).
  const ran = new Set(
    [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable].map(
      (rule) => rule.id,
    ),
  );
  const missing = ALL_AXE_RULES.filter((rule) => !ran.has(rule));
  if (missing.length > 0) throw new Error(`axe did not run every rule: ${missing.join(", ")} missing`);
  return results;
}

/** A violation for a person: rule, impact and help, then up to five of its elements and why each fails. */
export function describeViolation(violation: Result): string {
  const targets = violation.nodes
    .slice(0, 5)
    .map((node) => `    ${node.target.join(" ")}\n      ${node.failureSummary?.replace(/\n/g, "\n      ")}`)
    .join("\n");
  const more = violation.nodes.length > 5 ? `\n    …and ${violation.nodes.length - 5} more` : "";
  return `${violation.id} (${violation.impact}): ${violation.help}\n${targets}${more}`;
}

/** Every axe rule on the page as it is now; each violation described (describeViolation). */
export async function violations(page: Page): Promise<string[]> {
  return (await axeResults(page)).violations.map(describeViolation);
}
