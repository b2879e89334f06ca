import type { PrismicDocument } from "@prismicio/client";

import { langFromPrismic, type Lang } from "@/lib/i18n/locales";

import { documentPath } from "./document-path";

/** The paths of a document in each language it exists in (its own, and its alternate_languages). */
export function documentAlternates(doc: PrismicDocument): Partial<Record<Lang, string>> {
  const alternates: Partial<Record<Lang, string>> = {};
  for (const entry of [doc, ...doc.alternate_languages]) {
    const lang = langFromPrismic(entry.lang);
    const path = entry === doc ? doc.url : documentPath(entry);
    if (lang && path) alternates[lang] = path;
  }
  return alternates;
}
