import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import axe from "axe-core";

/** The project's axe-core, injected as is, so the rules listed are the rules that run. */
const ALL_RULES = axe.getRules().map((rule) => rule.ruleId);

/** Every axe rule on the page as it is now; each violation described with up to five targets. */
export async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page, axeSource: axe.source }).withRules(ALL_RULES).analyze();
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
