import type { MetadataRoute } from "next";

import { documentAlternates } from "@/lib/content/alternates";
import { getPage, getProjects, type PageType } from "@/lib/content/queries";
import { LOCALES, type Lang } from "@/lib/i18n/locales";
import { absoluteUrl } from "@/lib/site-url";

/** Every page in both languages, each with its hreflang alternates. Rebuilt with the content. */
export const revalidate = 60;

const PAGE_TYPES: PageType[] = [
  "home_page",
  "works_page",
  "works_completed_page",
  "works_in_production_page",
  "contact_page",
  "legals_page",
];

function entry(
  path: string,
  alternates: Partial<Record<Lang, string>>,
  lastModified: string | null,
): MetadataRoute.Sitemap[number] {
  return {
    url: absoluteUrl(path),
    ...(lastModified ? { lastModified: new Date(lastModified.replace(/([+-]\d{2})(\d{2})$/, "$1:$2")) } : {}),
    alternates: {
      languages: Object.fromEntries(
        (Object.entries(alternates) as Array<[Lang, string]>).map(([lang, p]) => [
          LOCALES[lang].html,
          absoluteUrl(p),
        ]),
      ),
    },
  };
}

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const entries: MetadataRoute.Sitemap = [];
  for (const lang of Object.keys(LOCALES) as Lang[]) {
    for (const type of PAGE_TYPES) {
      const page = await getPage(type, lang);
      if (page?.url) entries.push(entry(page.url, documentAlternates(page), page.last_publication_date));
    }
    for (const project of await getProjects(lang)) {
      if (project.url)
        entries.push(entry(project.url, documentAlternates(project), project.last_publication_date));
    }
  }
  return entries;
}
