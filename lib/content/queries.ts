import type { Content } from "@prismicio/client";
import { cache } from "react";

import { DEFAULT_TRANSLATIONS, type Translations } from "@/lib/i18n/default-translations";
import { flattenTranslations } from "@/lib/i18n/flatten-translations";
import { prismicLang, type Lang } from "@/lib/i18n/locales";
import { logger } from "@/lib/log/logger.mjs";
import { LIST_PAGE_SIZE, WORK_TYPE, type PageType, type ProjectStatus } from "@/lib/site/page-types";
import { WORK_CATEGORIES, type WorkCategory } from "@/lib/site/work-categories";
import { createClient } from "@/lib/prismic/client";

import { describeContentError, isNotFound, markReported } from "./content-errors";
import { ENVELOPE_ONLY, PROJECT_ORDER, PROJECT_ORDER_REVERSED, projectListParams, type Ordering } from "./project-list";

/**
 * The site's content reads. One Prismic client per request (React cache), so a
 * render asks the API for its ref once, and each read is deduplicated within the
 * render. Page documents: null when absent; other failures throw (the error page,
 * or the last good prerendered page). Layout data (settings, translations) never
 * throws: it logs and falls back to defaults.
 */

const client = cache(() => createClient());

/** Fields of linked projects that cards need (fetchLinks). */
export const PROJECT_CARD_FIELDS = ["title", "client", "year", "status", "categories", "cover", "teaser_loop"];

const getTranslationDocuments = cache(() => client().getAllByType("translations", { lang: "*" }));

export const getTranslations = cache(async (lang: Lang): Promise<Translations> => {
  const defaults = DEFAULT_TRANSLATIONS[lang];
  try {
    const documents = await getTranslationDocuments();
    const document = documents.find((doc) => doc.lang === prismicLang(lang));
    if (!document) {
      logger.error(`[translations] no translations document in ${prismicLang(lang)}: using default text`);
      return defaults;
    }
    const flat = flattenTranslations(document.data);
    const merged = { ...defaults };
    for (const key of Object.keys(defaults) as Array<keyof Translations>) {
      if (flat[key]) merged[key] = flat[key];
    }
    return merged;
  } catch (error) {
    logger.error(`[translations] failed to load: using default text. ${describeContentError(error)}`);
    return defaults;
  }
});

export const getSettings = cache(async (lang: Lang): Promise<Content.SettingsDocument | null> => {
  try {
    return await client().getSingle("settings", { lang: prismicLang(lang) });
  } catch (error) {
    logger.error(`[settings] failed to load: using defaults. ${describeContentError(error)}`);
    return null;
  }
});

async function logged<T>(read: () => Promise<T>, what: string): Promise<T> {
  try {
    return await read();
  } catch (error) {
    logger.error(`[content] ${what}: ${describeContentError(error)}`);
    throw markReported(error);
  }
}

async function orNull<T>(read: () => Promise<T>, what: string): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (isNotFound(error)) return null;
    logger.error(`[content] ${what}: ${describeContentError(error)}`);
    throw markReported(error);
  }
}

export const getPage = cache(async <T extends PageType>(type: T, lang: Lang) =>
  orNull(
    () =>
      client().getSingle(type, {
        lang: prismicLang(lang),
        fetchLinks: PROJECT_CARD_FIELDS.map((field) => `${WORK_TYPE}.${field}`),
      }),
    `${type} (${lang})`,
  ),
);

export const getProject = cache(async (uid: string, lang: Lang) =>
  orNull(() => client().getByUID(WORK_TYPE, uid, { lang: prismicLang(lang) }), `project ${uid} (${lang})`),
);

/** One page of a works list (LIST_PAGE_SIZE works), newest year first, then title; of one category or all. */
export const getProjectsPage = cache(
  async (lang: Lang, status: ProjectStatus | undefined, category: WorkCategory | null, page: number) =>
    logged(
      () =>
        client().getByType(WORK_TYPE, {
          ...projectListParams(lang, status, category),
          page,
          pageSize: LIST_PAGE_SIZE,
        }),
      `projects (${lang}${status ? `, ${status}` : ""}${category ? `, ${category}` : ""}, page ${page})`,
    ),
);

/** How many works a list holds, of one category or all (null): one one-result query. */
export const getWorkCount = cache(
  async (lang: Lang, status: ProjectStatus | undefined, category: WorkCategory | null) =>
    logged(async () => {
      const response = await client().getByType(WORK_TYPE, {
        ...projectListParams(lang, status, category),
        pageSize: 1,
        graphQuery: ENVELOPE_ONLY,
      });
      return response.total_results_size;
    }, `work count (${lang}${status ? `, ${status}` : ""}${category ? `, ${category}` : ""})`),
);

/**
 * How many works a list holds, in all and in each category (in the table's order): one one-result
 * query each, side by side (the API has no counts by value), whatever the number of works.
 */
export const getCategoryCounts = cache(async (lang: Lang, status: ProjectStatus | undefined) => {
  const [total, ...counts] = await Promise.all(
    [null, ...WORK_CATEGORIES].map((category) => getWorkCount(lang, status, category)),
  );
  return { total, categories: WORK_CATEGORIES.map((category, index) => ({ category, count: counts[index] })) };
});

/** The uids of the `count` first works of the list: the ones prerendered at build. */
export async function getRecentProjectUids(lang: Lang, count: number): Promise<string[]> {
  if (count <= 0) return [];
  const response = await logged(
    () =>
      client().getByType(WORK_TYPE, {
        ...projectListParams(lang),
        pageSize: Math.min(count, 100),
        graphQuery: ENVELOPE_ONLY,
      }),
    `recent projects (${lang})`,
  );
  return response.results.flatMap((project) => (project.uid ? [project.uid] : []));
}

/** The first work after `after` (or the first of all) in an order: one small query. */
async function firstInOrder(
  lang: Lang,
  orderings: readonly Ordering[],
  after?: string,
): Promise<Content.ProjectDocument | null> {
  const response = await client().getByType(WORK_TYPE, {
    lang: prismicLang(lang),
    orderings: [...orderings],
    pageSize: 1,
    ...(after ? { after } : {}),
  });
  return response.results[0] ?? null;
}

/**
 * The works before and after a project in the works list's order, wrapping at
 * the ends: two one-result queries (a third only at either end of the list).
 */
export async function getNeighbours(project: Content.ProjectDocument, lang: Lang) {
  const [forward, backward] = [PROJECT_ORDER, PROJECT_ORDER_REVERSED];
  return logged(async () => {
    const [next, previous] = await Promise.all([
      firstInOrder(lang, forward, project.id).then((doc) => doc ?? firstInOrder(lang, forward)),
      firstInOrder(lang, backward, project.id).then((doc) => doc ?? firstInOrder(lang, backward)),
    ]);
    const alone = (doc: Content.ProjectDocument | null) => (doc && doc.id !== project.id ? doc : null);
    return { previous: alone(previous), next: alone(next) };
  }, `neighbours of ${project.uid} (${lang})`);
}

/** How many works a language has: one one-result query. */
export async function getProjectCount(lang: Lang): Promise<number> {
  const response = await logged(
    () => client().getByType(WORK_TYPE, { lang: prismicLang(lang), pageSize: 1, graphQuery: ENVELOPE_ONLY }),
    `project count (${lang})`,
  );
  return response.total_results_size;
}

/** Every work of a language, a page of 100 at a time without pausing (only the sitemap needs them all). */
export async function getAllProjectEnvelopes(lang: Lang): Promise<Content.ProjectDocument[]> {
  const all: Content.ProjectDocument[] = [];
  for (let page = 1; ; page++) {
    const response = await logged(
      () =>
        client().getByType(WORK_TYPE, {
          ...projectListParams(lang),
          page,
          pageSize: 100,
          graphQuery: ENVELOPE_ONLY,
        }),
      `all projects (${lang}, page ${page})`,
    );
    all.push(...response.results);
    if (page >= response.total_pages) return all;
  }
}
