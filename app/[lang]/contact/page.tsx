import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { ContactDetails, CONTACT_FORM_LABEL_KEYS, ContactForm, formRenderedAt } from "@/features/contact";
import { PageFrame } from "@/features/navigation";
import { PageIntro } from "@/components/page-intro/page-intro";
import { RichText } from "@/features/rich-text";
import { documentAlternates } from "@/lib/content/alternates";
import { langParam } from "@/lib/content/page-params";
import { getPage, getSettings, getTranslations } from "@/lib/content/queries";
import { pickLabels } from "@/lib/i18n/default-translations";
import { localePath } from "@/lib/i18n/locales";
import { PAGE_TYPES } from "@/lib/site/page-types";
import { singlePageMetadata } from "@/lib/seo/single-type-metadata";

import { sendContactMessage } from "./actions";

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
      <PageIntro
        title={page.data.title}
        intro={page.data.intro && <RichText field={page.data.intro} t={t} />}
      />
      <ContactDetails page={page} settings={settings} t={t} />
      <ContactForm
        action={sendContactMessage.bind(null, lang)}
        labels={pickLabels(t, CONTACT_FORM_LABEL_KEYS)}
        legalsHref={localePath(lang, PAGE_TYPES.legals_page.path)}
        contactHref={localePath(lang, PAGE_TYPES.contact_page.path)}
        renderedAt={formRenderedAt()}
      />
    </PageFrame>
  );
}
