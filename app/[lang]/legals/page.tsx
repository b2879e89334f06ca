import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { PageFrame } from "@/features/navigation";
import { PageIntro } from "@/components/page-intro/page-intro";
import { RichText } from "@/features/rich-text";
import { documentAlternates } from "@/lib/content/alternates";
import { langParam } from "@/lib/content/page-params";
import { getPage, getSettings, getTranslations } from "@/lib/content/queries";
import { singlePageMetadata } from "@/lib/seo/single-type-metadata";

export async function generateMetadata({ params }: PageProps<"/[lang]/legals">): Promise<Metadata> {
  return singlePageMetadata("legals_page", await langParam(params));
}

export default async function LegalsPage({ params }: PageProps<"/[lang]/legals">) {
  const lang = await langParam(params);
  const [page, settings, t] = await Promise.all([
    getPage("legals_page", lang),
    getSettings(lang),
    getTranslations(lang),
  ]);
  if (!page) notFound();
  return (
    <PageFrame lang={lang} t={t} settings={settings} alternates={documentAlternates(page)}>
      <PageIntro title={page.data.title} />
      <div className="prose">
        <RichText field={page.data.content} t={t} />
      </div>
    </PageFrame>
  );
}
