import type { Content } from "@prismicio/client";
import type { ReactNode } from "react";

import { SiteHeader } from "./site-header";
import { companyName } from "@/lib/content/site-identity";
import type { Translations } from "@/lib/i18n/default-translations";
import type { Lang } from "@/lib/i18n/locales";

/**
 * A page's header (whose language switch needs the page's own translations)
 * and its main landmark. The layout around it holds what every page shares.
 */
export function PageFrame({
  lang,
  t,
  settings,
  alternates,
  children,
}: {
  lang: Lang;
  t: Translations;
  settings: Content.SettingsDocument | null;
  alternates: Partial<Record<Lang, string>>;
  children: ReactNode;
}) {
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
