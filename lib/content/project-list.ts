import { filter } from "@prismicio/client";

import { prismicLang, type Lang } from "@/lib/i18n/locales";
import type { ProjectStatus } from "@/lib/site/page-types";

/**
 * The works lists' one order (newest year first, then title) and filters, shared
 * by the lists, a work's previous/next links, the request router and the sitemap.
 */
export type Ordering = { field: string; direction?: "asc" | "desc" };

export const PROJECT_ORDER: readonly Ordering[] = [
  { field: "my.project.year", direction: "desc" },
  { field: "my.project.title" },
];

/** The same order backwards: what comes before a work. */
export const PROJECT_ORDER_REVERSED: readonly Ordering[] = [
  { field: "my.project.year" },
  { field: "my.project.title", direction: "desc" },
];

export function projectListParams(lang: Lang, status?: ProjectStatus) {
  return {
    lang: prismicLang(lang),
    filters: status ? [filter.at("my.project.status", status)] : [],
    orderings: [...PROJECT_ORDER],
  };
}

/** Only the envelope (id, uid, url, dates): enough to know a document exists or to list it. */
export const ENVELOPE_ONLY = "{ project { title } }";
