import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { ContactDetails } from "@/components/contact-details/contact-details";
import { PageFrame } from "@/components/page-frame/page-frame";
import { PageIntro } from "@/components/page-intro/page-intro";
import { documentAlternates } from "@/lib/content/alternates";
import { langParam } from "@/lib/content/page-params";
import { getPage, getSettings, getTranslations } from "@/lib/content/queries";
import { singlePageMetadata } from "@/lib/seo/single-page-metadata";

export async function generateMetadata({ params }: PageProps<"/[lang]/contact">): Promise<Metadata> {
  return singlePageMetadata("contact_page", await langParam(params));
}

export default async function ContactPage({ params }: PageProps<"/[lang]/contact">) {
  const lang = await langParam(params);
  const [page, settings, t] = await Promise.all([
    getPage("contact_page", lang),
    getSettings(lang),
    getTranslations(lang),
  ]);
  if (!page) notFound();
  return (
    <PageFrame lang={lang} t={t} settings={settings} alternates={documentAlternates(page)}>
      <PageIntro title={page.data.title} intro={page.data.intro} t={t} />
      <ContactDetails page={page} settings={settings} t={t} />
    </PageFrame>
  );
}
