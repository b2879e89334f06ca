import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import axe, { type AxeResults } from "axe-core";

/** The project's axe-core, injected as is, so the rules listed are the rules that run. */
const ALL_RULES = axe.getRules().map((rule) => rule.ruleId);

/** `axe.run` with every rule, inside a page without frames; axe is injected once per document. */
async function runInPage(page: Page): Promise<AxeResults> {
  if (await page.evaluate(() => !("axe" in window))) await page.evaluate(axe.source);
  return page.evaluate(
    (rules) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: "rule", values: rules },
      }),
    ALL_RULES,
  );
}

/**
 * Every axe rule on the page as it is now; each violation described with up to five targets.
 *
 * A page without frames is analysed by one `axe.run` inside it, as AxeBuilder's legacy mode does:
 * the same rules and results as its default mode, which exists to gather frames' partial results
 * and finishes them in a new blank page, a few seconds each time on a busy machine. A page with
 * frames gets the default mode, which also looks inside cross-origin ones.
 */
export async function violations(page: Page): Promise<string[]> {
  const results =
    page.frames().length === 1
      ? await runInPage(page)
      : await new AxeBuilder({ page, axeSource: axe.source }).withRules(ALL_RULES).analyze();
  // A rule may be in several lists (some elements pass, others need review): compared as sets.
  const ran = [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable];
  expect(new Set(ran.map((rule) => rule.id)), "every axe rule ran").toEqual(new Set(ALL_RULES));
  return results.violations.map((violation) => {
    const targets = violation.nodes
      .slice(0, 5)
      .map((node) => `    ${node.target.join(" ")}\n      ${node.failureSummary?.replace(/\n/g, "\n      ")}`)
      .join("\n");
    const more = violation.nodes.length > 5 ? `\n    …and ${violation.nodes.length - 5} more` : "";
    return `${violation.id} (${violation.impact}): ${violation.help}\n${targets}${more}`;
  });
}
