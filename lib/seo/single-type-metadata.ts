import { asText } from "@prismicio/client";
import type { Metadata } from "next";

import { documentAlternates } from "@/lib/content/alternates";
import { getPage, getSettings } from "@/lib/content/queries";
import type { PageType } from "@/lib/site/page-types";
import type { Lang } from "@/lib/i18n/locales";

import { pageMetadata } from "./build-metadata";

type Alternates = Partial<Record<Lang, string>>;

/** How one page of a document differs from the document's own page (a list's later pages). */
export interface PageVariant {
  titleSuffix?: string;
  alternates?: (documentAlternates: Alternates) => Alternates;
  noindex?: boolean;
}

/** Metadata of a single-type page from its SEO fields, with the settings' share image as fallback. */
export async function singlePageMetadata(
  type: PageType,
  lang: Lang,
  variant: PageVariant = {},
): Promise<Metadata> {
  const [page, settings] = await Promise.all([getPage(type, lang), getSettings(lang)]);
  if (!page) return {};
  const { title } = page.data;
  return pageMetadata({
    lang,
    // The home page's title is the production name alone (its title field is a label, not its h1).
    title:
      type === "home_page" || typeof title === "string"
        ? undefined
        : `${asText(title)}${variant.titleSuffix ?? ""}`,
    socialTitle: page.data.meta_title,
    description: page.data.meta_description,
    image: page.data.meta_image,
    fallbackImage: settings?.data.default_share_image,
    alternates: variant.alternates ? variant.alternates(documentAlternates(page)) : documentAlternates(page),
    noindex: variant.noindex,
  });
}
