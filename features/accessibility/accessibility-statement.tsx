import type { Content } from "@prismicio/client";

import { PageIntro } from "@/components/page-intro/page-intro";
import { RichText } from "@/features/rich-text";
import type { Translations } from "@/lib/i18n/default-translations";
import type { Lang } from "@/lib/i18n/locales";

import { AuditReport } from "./audit-report";
import type { AuditSummary } from "./audit-summary";

/**
 * The accessibility statement: the editors' text (intro, compliance status, how to report a barrier,
 * the remedies) with, after the status, the figures of the site's own automated audit, in the order
 * of the RGAA's model statement.
 */
export function AccessibilityStatement({
  page,
  audit,
  lang,
  t,
}: {
  page: Content.AccessibilityPageDocument;
  audit: AuditSummary | null;
  lang: Lang;
  t: Translations;
}) {
  return (
    <>
      <PageIntro
        title={page.data.title}
        intro={page.data.intro && <RichText field={page.data.intro} t={t} />}
      />
      <div className="prose">
        <RichText field={page.data.status} t={t} />
        <AuditReport summary={audit} lang={lang} t={t} />
        <RichText field={page.data.contact} t={t} />
        <RichText field={page.data.remedies} t={t} />
      </div>
    </>
  );
}
