import { getToolbarSrc } from "@prismicio/client";
import type { Metadata, Viewport } from "next";
import { draftMode } from "next/headers";
import { notFound } from "next/navigation";

import {
  CONSENT_MODE_DEFAULTS,
  CONSENT_LABEL_KEYS,
  ConsentProvider,
  ConsentSlot,
  siteServices,
} from "@/features/consent";
import { noticeVersionForPage } from "@/features/consent-proof";
import { NavigationProgress } from "@/components/page-transition/navigation-progress";
import { PageTransition } from "@/components/page-transition/page-transition";
import { ClientNavigation } from "@/components/site-link/client-navigation-listener";
import { PreviewBar } from "@/components/preview-bar/preview-bar";
import { ScrollIndicator, ScrollProvider } from "@/features/scroll";
import { SiteFooter } from "@/features/navigation";
import { SiteProvider } from "@/components/site-context/site-context";
import { getSettings, getTranslations } from "@/lib/content/queries";
import { pickLabels } from "@/lib/i18n/default-translations";
import { companyName, siteDescription } from "@/lib/content/site-identity";
import { getEnv } from "@/lib/env/env";
import { fontVariables } from "@/lib/fonts/fonts";
import { isLang, LANGS, LOCALES } from "@/lib/i18n/locales";
import { STATUS_TEXT_KEYS } from "@/lib/i18n/status-text";
import { contentSource } from "@/lib/prismic/content-source";
import { siteUrl } from "@/lib/seo/site-url";

import "../globals.css";
import "@/components/page-transition/page-transition.css";

/** Published content shows within 5 s (the content's time to live), without a redeploy. */
export const revalidate = 5;

export function generateStaticParams() {
  return LANGS.map((lang) => ({ lang }));
}

export const viewport: Viewport = { themeColor: "#ffffff", colorScheme: "light" };

export async function generateMetadata({ params }: LayoutProps<"/[lang]">): Promise<Metadata> {
  const { lang } = await params;
  if (!isLang(lang)) return {};
  const settings = await getSettings(lang);
  const name = companyName(settings);
  return {
    metadataBase: new URL(siteUrl()),
    title: { default: name, template: `%s — ${name}` },
    description: siteDescription(settings),
    applicationName: name,
    openGraph: { siteName: name, locale: LOCALES[lang].ogLocale, type: "website" },
    twitter: { card: "summary_large_image" },
  };
}

export default async function LangLayout({ children, params }: LayoutProps<"/[lang]">) {
  const { lang } = await params;
  if (!isLang(lang)) notFound();
  const [settings, t, draft] = await Promise.all([getSettings(lang), getTranslations(lang), draftMode()]);
  // Editors previewing drafts read words no visitor has seen yet: no version is kept from them,
  // and their own choices are not recorded.
  const noticeVersion = draft.isEnabled ? undefined : await noticeVersionForPage();
  const name = companyName(settings);
  const source = contentSource();
  const measurementId = getEnv().NEXT_PUBLIC_GA_MEASUREMENT_ID;
  return (
    <html lang={LOCALES[lang].html} className={fontVariables}>
      {measurementId ? (
        <head>
          {/* Consent Mode v2: every type denied before any Google tag can run. */}
          <script dangerouslySetInnerHTML={{ __html: CONSENT_MODE_DEFAULTS }} />
        </head>
      ) : null}
      <body>
        <ScrollProvider>
          <SiteProvider value={{ lang, t: pickLabels(t, STATUS_TEXT_KEYS), companyName: name }}>
            <ConsentProvider
              services={siteServices(t, measurementId)}
              gaMeasurementId={measurementId}
              recording={noticeVersion ? { version: noticeVersion, lang } : undefined}
            >
              <a href="#main" className="skip-link">
                {t["common.skip_link"]}
              </a>
              <ConsentSlot labels={pickLabels(t, CONSENT_LABEL_KEYS)} />
              <NavigationProgress label={t["common.loading"]} />
              <ClientNavigation />
              {draft.isEnabled ? (
                <PreviewBar label={t["preview.indicator"]} exitLabel={t["preview.exit"]} />
              ) : null}
              {/* Prismic's toolbar: editors of a hosted repository only, never visitors or the bundled one.
                  A plain async script: next/script would add its loader to every visitor's bundle. */}
              {draft.isEnabled && !source.bundled ? (
                <script async src={getToolbarSrc(source.repositoryName)} />
              ) : null}
              <PageTransition>
                {children}
                <SiteFooter lang={lang} t={t} settings={settings} companyName={name} />
              </PageTransition>
            </ConsentProvider>
          </SiteProvider>
          <ScrollIndicator />
        </ScrollProvider>
      </body>
    </html>
  );
}
