import { SliceZone } from "@prismicio/react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { JsonLd } from "@/components/json-ld/json-ld";
import { PageFrame } from "@/features/navigation";
import { documentAlternates } from "@/lib/content/alternates";
import { langParam } from "@/lib/content/page-params";
import { getPage, getSettings, getTranslations } from "@/lib/content/queries";
import { organizationJsonLd } from "@/lib/seo/json-ld";
import { singlePageMetadata } from "@/lib/seo/single-type-metadata";
import { components } from "@/slices";
import { sliceContext } from "@/slices/slice-context";

export async function generateMetadata({ params }: PageProps<"/[lang]">): Promise<Metadata> {
  return singlePageMetadata("home_page", await langParam(params));
}

export default async function HomePage({ params }: PageProps<"/[lang]">) {
  const lang = await langParam(params);
  const [page, settings, t] = await Promise.all([
    getPage("home_page", lang),
    getSettings(lang),
    getTranslations(lang),
  ]);
  if (!page) notFound();
  return (
    <PageFrame lang={lang} t={t} settings={settings} alternates={documentAlternates(page)}>
      <JsonLd data={organizationJsonLd(settings, lang)} />
      <SliceZone slices={page.data.slices} components={components} context={sliceContext(lang, t)} />
    </PageFrame>
  );
}
