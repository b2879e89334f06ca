import type { PrismicDocument } from "@prismicio/client";

import { documentAlternates } from "@/lib/content/alternates";
import { getAllProjectEnvelopes, getPage, getProjectCount } from "@/lib/content/queries";
import { LANGS, LOCALES } from "@/lib/i18n/locales";
import { PAGE_TYPE_NAMES } from "@/lib/site/page-types";
import { absoluteUrl } from "@/lib/seo/site-url";

import { MAX_SITEMAP_URLS, w3cDate, type SitemapEntry } from "./sitemap-xml";

function entry(doc: PrismicDocument & { url: string }): SitemapEntry {
  const alternates = Object.entries(documentAlternates(doc)) as Array<[keyof typeof LOCALES, string]>;
  return {
    url: absoluteUrl(doc.url),
    lastModified: w3cDate(doc.last_publication_date),
    alternates: Object.fromEntries(alternates.map(([lang, path]) => [LOCALES[lang].html, absoluteUrl(path)])),
  };
}

/** Every page of every page type and every work, in every language, with its hreflang alternates. */
export async function sitemapEntries(): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = [];
  for (const lang of LANGS) {
    for (const type of PAGE_TYPE_NAMES) {
      const page = await getPage(type, lang);
      if (page?.url) entries.push(entry({ ...page, url: page.url }));
    }
    for (const project of await getAllProjectEnvelopes(lang)) {
      if (project.url) entries.push(entry({ ...project, url: project.url }));
    }
  }
  return entries;
}

/**
 * How many sitemap files the site needs, from counts alone (one query per language),
 * so a request for a part that does not exist never lists every work.
 */
export async function sitemapPartCount(): Promise<number> {
  const works = await Promise.all(LANGS.map(getProjectCount));
  const urls = works.reduce((sum, count) => sum + count, PAGE_TYPE_NAMES.length * LANGS.length);
  return Math.ceil(urls / MAX_SITEMAP_URLS);
}
