import { filter } from "@prismicio/client";

import { prismicLang, type Lang } from "@/lib/i18n/locales";
import type { ProjectStatus } from "@/lib/site/page-types";
import { CATEGORY_FIELD, type WorkCategory } from "@/lib/site/work-categories";

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

/** A list's query: its language, its status (none: every work) and a category (none: every kind). */
export function projectListParams(lang: Lang, status?: ProjectStatus, category?: WorkCategory | null) {
  return {
    lang: prismicLang(lang),
    filters: [
      ...(status ? [filter.at("my.project.status", status)] : []),
      ...(category ? [filter.at(CATEGORY_FIELD, category)] : []),
    ],
    orderings: [...PROJECT_ORDER],
  };
}

/** Only the envelope (id, uid, url, dates): enough to know a document exists or to list it. */
export const ENVELOPE_ONLY = "{ project { title } }";
