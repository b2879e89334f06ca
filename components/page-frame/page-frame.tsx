import type { ReactNode } from "react";

import { SiteHeader } from "@/components/site-header/site-header";
import { getSettings, getTranslations } from "@/lib/content/queries";
import { companyName } from "@/lib/content/site-identity";
import type { Lang } from "@/lib/i18n/locales";

/**
 * A page's header (whose language switch needs the page's own translations)
 * and its main landmark. The layout around it holds what every page shares.
 */
export async function PageFrame({
  lang,
  alternates,
  children,
}: {
  lang: Lang;
  alternates: Partial<Record<Lang, string>>;
  children: ReactNode;
}) {
  const [settings, t] = await Promise.all([getSettings(lang), getTranslations(lang)]);
  return (
    <>
      <SiteHeader
        lang={lang}
        t={t}
        settings={settings}
        companyName={companyName(settings)}
        alternates={alternates}
      />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
