import { render, screen, within } from "@testing-library/react";

import { DEFAULT_TRANSLATIONS } from "@/lib/i18n/default-translations";
import type { Lang } from "@/lib/i18n/locales";

import { AuditReport } from "./audit-report";
import type { AuditSummary } from "./audit-summary";

const clean: AuditSummary = {
  date: "2026-11-27T23:30:00.000Z",
  tool: "axe-core 4.14.1",
  browser: "Chromium 150.0.7871.100",
  rules: 105,
  pages: 18,
  pageTypes: 9,
  langs: ["fr", "en"],
  widths: [390, 1440],
  states: ["notice", "panel"],
  violations: [],
};

const withViolations: AuditSummary = {
  ...clean,
  violations: [
    {
      rule: "color-contrast",
      help: "Elements must meet minimum color contrast ratio thresholds",
      wcag: ["1.4.3"],
      rgaa: ["3.2.1"],
      pages: 3,
    },
    {
      rule: "region",
      help: "All page content should be contained by landmarks",
      wcag: [],
      rgaa: [],
      pages: 1,
    },
  ],
};

function renderReport(summary: AuditSummary | null, lang: Lang) {
  render(<AuditReport summary={summary} lang={lang} t={DEFAULT_TRANSLATIONS[lang]} />);
  return screen.getByRole("region", { name: DEFAULT_TRANSLATIONS[lang]["accessibility.audit_title"] });
}

/** A fact's value, by its label (a description list). */
function fact(report: HTMLElement, label: string): string {
  const term = within(report).getByText(label, { selector: "dt" });
  return term.nextElementSibling?.textContent ?? "";
}

describe("the automated audit's figures", () => {
  test("in French: the date in Paris, in French words, and what was tested", () => {
    const t = DEFAULT_TRANSLATIONS.fr;
    const report = renderReport(clean, "fr");
    // 23:30 UTC on 27 November is already the 28th in Paris.
    const time = report.querySelector("time");
    expect(time).toHaveAttribute("dateTime", clean.date);
    expect(time).toHaveTextContent(/^28 novembre 2026$/);
    expect(fact(report, t["accessibility.tested_pages"])).toBe("18");
    expect(fact(report, t["accessibility.tested_page_types"])).toBe("9");
    expect(fact(report, t["accessibility.tested_languages"])).toBe("français et anglais");
    expect(fact(report, t["accessibility.tested_widths"])).toMatch(/^390 px et 1\s440 px$/);
    expect(fact(report, t["accessibility.tested_states"])).toBe(
      `${t["accessibility.state_notice"]} et ${t["accessibility.state_panel"]}`,
    );
    expect(fact(report, t["accessibility.tested_rules"])).toBe("105");
    expect(fact(report, t["accessibility.tested_tool"])).toBe("axe-core 4.14.1");
    expect(fact(report, t["accessibility.tested_browser"])).toBe("Chromium 150.0.7871.100");
    expect(within(report).getByText(t["accessibility.found_none"])).toBeInTheDocument();
    expect(within(report).queryByText(t["accessibility.no_audit"])).toBeNull();
  });

  test("in English: the date and the lists in English", () => {
    const t = DEFAULT_TRANSLATIONS.en;
    const report = renderReport(clean, "en");
    expect(report.querySelector("time")).toHaveTextContent(/^28 November 2026$/);
    expect(fact(report, t["accessibility.tested_languages"])).toBe("French and English");
    expect(fact(report, t["accessibility.tested_widths"])).toBe("390 px and 1,440 px");
  });

  test("each rule broken: its id, axe's words marked as English on a French page, its criteria and pages", () => {
    const t = DEFAULT_TRANSLATIONS.fr;
    const report = renderReport(withViolations, "fr");
    expect(within(report).queryByText(t["accessibility.found_none"])).toBeNull();
    const items = within(report).getByText(t["accessibility.found_intro"]).nextElementSibling!;
    const [contrast, region] = within(items as HTMLElement).getAllByRole("listitem");
    expect(contrast.querySelector("code")).toHaveTextContent("color-contrast");
    expect(within(contrast).getByText(withViolations.violations[0].help)).toHaveAttribute("lang", "en");
    expect(contrast).toHaveTextContent("Critères WCAG : 1.4.3. Critères RGAA : 3.2.1. Pages concernées : 3.");
    expect(region).toHaveTextContent(`${t["accessibility.found_no_criterion"]}. Pages concernées : 1.`);
  });

  test("on an English page, axe's words need no language of their own", () => {
    const report = renderReport(withViolations, "en");
    expect(within(report).getByText(withViolations.violations[0].help)).not.toHaveAttribute("lang");
  });

  test.each(["fr", "en"] as Lang[])(
    "with no results (%s): no audit recorded, and still what one cannot prove",
    (lang) => {
      const t = DEFAULT_TRANSLATIONS[lang];
      const report = renderReport(null, lang);
      expect(within(report).getByText(t["accessibility.no_audit"])).toBeInTheDocument();
      expect(report.querySelector("time, dl")).toBeNull();
      expect(
        within(report).getByRole("heading", { level: 3, name: t["accessibility.limits_title"] }),
      ).toBeInTheDocument();
      const limits = within(report).getByText(t["accessibility.limits_intro"]).nextElementSibling!;
      expect(
        within(limits as HTMLElement)
          .getAllByRole("listitem")
          .map((item) => item.textContent),
      ).toEqual(
        Object.entries(t)
          .filter(([key]) => key.startsWith("accessibility.limit_"))
          .map(([, text]) => text),
      );
    },
  );
});
