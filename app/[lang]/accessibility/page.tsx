import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { AccessibilityStatement, latestAudit } from "@/features/accessibility";
import { PageFrame } from "@/features/navigation";
import { documentAlternates } from "@/lib/content/alternates";
import { langParam } from "@/lib/content/page-params";
import { getPage, getSettings, getTranslations } from "@/lib/content/queries";
import { singlePageMetadata } from "@/lib/seo/single-type-metadata";

export async function generateMetadata({ params }: PageProps<"/[lang]/accessibility">): Promise<Metadata> {
  return singlePageMetadata("accessibility_page", await langParam(params));
}

export default async function AccessibilityPage({ params }: PageProps<"/[lang]/accessibility">) {
  const lang = await langParam(params);
  const [page, settings, t] = await Promise.all([
    getPage("accessibility_page", lang),
    getSettings(lang),
    getTranslations(lang),
  ]);
  if (!page) notFound();
  return (
    <PageFrame lang={lang} t={t} settings={settings} alternates={documentAlternates(page)}>
      <AccessibilityStatement page={page} audit={latestAudit} lang={lang} t={t} />
    </PageFrame>
  );
}
