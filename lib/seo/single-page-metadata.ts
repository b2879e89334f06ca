import type { Metadata } from "next";

import { documentAlternates } from "@/lib/content/alternates";
import { getPage, getSettings, type PageType } from "@/lib/content/queries";
import type { Lang } from "@/lib/i18n/locales";

import { pageMetadata } from "./page-metadata";

/** Metadata of a single-type page from its SEO fields, with the settings' share image as fallback. */
export async function singlePageMetadata(type: PageType, lang: Lang): Promise<Metadata> {
  const [page, settings] = await Promise.all([getPage(type, lang), getSettings(lang)]);
  if (!page) return {};
  return pageMetadata({
    lang,
    title: type === "home_page" ? undefined : page.data.meta_title,
    description: page.data.meta_description,
    image: page.data.meta_image,
    fallbackImage: settings?.data.default_share_image,
    alternates: documentAlternates(page),
  });
}
