import type { ReactNode } from "react";

import { FactList } from "@/components/fact-list/fact-list";
import { TRANSLATION_KEYS, type TranslationKey, type Translations } from "@/lib/i18n/default-translations";
import { prismicLang, type Lang } from "@/lib/i18n/locales";

import type { AuditSummary, RuleViolations } from "./audit-summary";
import styles from "./audit-report.module.css";

/**
 * The accessibility statement's block of figures from the site's own automated audit: when it ran,
 * what it tested, what it found, and what such an audit cannot prove. Without results (no file, or
 * one that does not hold together) it says that no audit is recorded, and still what one cannot
 * prove.
 */

/** The RGAA's themes an automated audit leaves open, in the RGAA's order (the defaults'). */
const LIMIT_KEYS = TRANSLATION_KEYS.filter((key) => key.startsWith("accessibility.limit_"));

const STATE_KEYS = {
  notice: "accessibility.state_notice",
  panel: "accessibility.state_panel",
} as const satisfies Record<AuditSummary["states"][number], TranslationKey>;

/** A template's `{name}` replaced by a node (a `<time>`, a number). */
function fill(template: string, name: string, value: ReactNode): ReactNode {
  const [before, ...after] = template.split(`{${name}}`);
  return after.length === 0 ? (
    template
  ) : (
    <>
      {before}
      {value}
      {after.join(`{${name}}`)}
    </>
  );
}

function Figures({ summary, lang, t }: { summary: AuditSummary; lang: Lang; t: Translations }) {
  const locale = prismicLang(lang);
  const list = new Intl.ListFormat(locale, { type: "conjunction" });
  const number = new Intl.NumberFormat(locale);
  const languages = new Intl.DisplayNames(locale, { type: "language" });
  // The site's company works from Paris: the day it was there, whatever the server's zone.
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "Europe/Paris" });
  return (
    <>
      <p>
        {fill(
          t["accessibility.audit_date"],
          "date",
          <time dateTime={summary.date}>{date.format(new Date(summary.date))}</time>,
        )}
      </p>
      <h3>{t["accessibility.tested_title"]}</h3>
      <FactList
        className={styles.facts}
        facts={[
          { label: t["accessibility.tested_pages"], value: number.format(summary.pages) },
          { label: t["accessibility.tested_page_types"], value: number.format(summary.pageTypes) },
          {
            label: t["accessibility.tested_languages"],
            value: list.format(summary.langs.map((code) => languages.of(code) ?? code)),
          },
          {
            label: t["accessibility.tested_widths"],
            value: list.format(summary.widths.map((width) => `${number.format(width)} px`)),
          },
          {
            label: t["accessibility.tested_states"],
            value: list.format(summary.states.map((state) => t[STATE_KEYS[state]])),
          },
          { label: t["accessibility.tested_rules"], value: number.format(summary.rules) },
          { label: t["accessibility.tested_tool"], value: summary.tool },
          { label: t["accessibility.tested_browser"], value: summary.browser },
        ]}
      />
      <h3>{t["accessibility.found_title"]}</h3>
      {summary.violations.length === 0 ? (
        <p>{t["accessibility.found_none"]}</p>
      ) : (
        <>
          <p>{t["accessibility.found_intro"]}</p>
          <ul className={styles.violations}>
            {summary.violations.map((violation) => (
              <Violation key={violation.rule} violation={violation} lang={lang} t={t} />
            ))}
          </ul>
        </>
      )}
    </>
  );
}

function Violation({ violation, lang, t }: { violation: RuleViolations; lang: Lang; t: Translations }) {
  const criteria = [
    ...(violation.wcag.length > 0
      ? [t["accessibility.found_criteria"].replace("{criteria}", violation.wcag.join(", "))]
      : []),
    ...(violation.rgaa.length > 0
      ? [t["accessibility.found_rgaa"].replace("{criteria}", violation.rgaa.join(", "))]
      : []),
  ];
  const pages = t["accessibility.found_pages"].replace(
    "{count}",
    new Intl.NumberFormat(prismicLang(lang)).format(violation.pages),
  );
  return (
    <li>
      <code>{violation.rule}</code>
      {/* axe describes its rules in English. */}
      <span lang={lang === "en" ? undefined : "en"}>{violation.help}</span>
      <span>{`${[...(criteria.length > 0 ? criteria : [t["accessibility.found_no_criterion"]]), pages].join(". ")}.`}</span>
    </li>
  );
}

export function AuditReport({
  summary,
  lang,
  t,
}: {
  summary: AuditSummary | null;
  lang: Lang;
  t: Translations;
}) {
  return (
    <section aria-labelledby="automated-audit" className={styles.report}>
      <h2 id="automated-audit">{t["accessibility.audit_title"]}</h2>
      {summary ? <Figures summary={summary} lang={lang} t={t} /> : <p>{t["accessibility.no_audit"]}</p>}
      <h3>{t["accessibility.limits_title"]}</h3>
      <p>{t["accessibility.limits_intro"]}</p>
      <ul>
        {LIMIT_KEYS.map((key) => (
          <li key={key}>{t[key]}</li>
        ))}
      </ul>
      <p>{t["accessibility.limits_outro"]}</p>
    </section>
  );
}
