import { filter, type Content } from "@prismicio/client";
import { cache } from "react";

import { DEFAULT_TRANSLATIONS, type Translations } from "@/lib/i18n/default-translations";
import { flattenTranslations } from "@/lib/i18n/flatten-translations";
import { prismicLang, type Lang } from "@/lib/i18n/locales";
import { createClient } from "@/prismicio";

import { describeContentError, isNotFound } from "./content-errors";

/**
 * The site's content reads, deduplicated per request with React's cache().
 * Page documents: null when absent (the page 404s); other failures throw (the
 * error page, or the last good prerendered page). Layout data (settings,
 * translations) never throws: it logs and falls back to defaults.
 */

export type PageType =
  | "home_page"
  | "works_page"
  | "works_completed_page"
  | "works_in_production_page"
  | "contact_page"
  | "legals_page";

export type ProjectStatus = "completed" | "in production";

/** Fields of linked projects that cards need (fetchLinks). */
export const PROJECT_CARD_FIELDS = ["title", "client", "year", "status", "categories", "cover", "teaser_loop"];

export const getTranslations = cache(async (lang: Lang): Promise<Translations> => {
  const defaults = DEFAULT_TRANSLATIONS[lang];
  try {
    const documents = await createClient().getAllByType("translations", { lang: "*" });
    const document = documents.find((doc) => doc.lang === prismicLang(lang));
    if (!document) {
      console.error(`[translations] no translations document in ${prismicLang(lang)}: using default text`);
      return defaults;
    }
    const flat = flattenTranslations(document.data);
    const merged = { ...defaults };
    for (const key of Object.keys(defaults) as Array<keyof Translations>) {
      if (flat[key]) merged[key] = flat[key];
    }
    return merged;
  } catch (error) {
    console.error(`[translations] failed to load: using default text. ${describeContentError(error)}`);
    return defaults;
  }
});

export const getSettings = cache(async (lang: Lang): Promise<Content.SettingsDocument | null> => {
  try {
    return await createClient().getSingle("settings", { lang: prismicLang(lang) });
  } catch (error) {
    console.error(`[settings] failed to load: using defaults. ${describeContentError(error)}`);
    return null;
  }
});

async function orNull<T>(read: () => Promise<T>, what: string): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (isNotFound(error)) return null;
    console.error(`[content] ${what}: ${describeContentError(error)}`);
    throw error;
  }
}

export const getPage = cache(async <T extends PageType>(type: T, lang: Lang) =>
  orNull(
    () =>
      createClient().getSingle(type, {
        lang: prismicLang(lang),
        fetchLinks: PROJECT_CARD_FIELDS.map((field) => `project.${field}`),
      }),
    `${type} (${lang})`,
  ),
);

export const getProject = cache(async (uid: string, lang: Lang) =>
  orNull(() => createClient().getByUID("project", uid, { lang: prismicLang(lang) }), `project ${uid} (${lang})`),
);

/** Every project of a language, newest year first (then title), optionally of one status. */
export const getProjects = cache(async (lang: Lang, status?: ProjectStatus) => {
  try {
    return await createClient().getAllByType("project", {
      lang: prismicLang(lang),
      filters: status ? [filter.at("my.project.status", status)] : [],
      orderings: [{ field: "my.project.year", direction: "desc" }, { field: "my.project.title" }],
    });
  } catch (error) {
    console.error(`[content] projects (${lang}${status ? `, ${status}` : ""}): ${describeContentError(error)}`);
    throw error;
  }
});

/** The works before and after a project in the works list's order. */
export async function getNeighbours(project: Content.ProjectDocument, lang: Lang) {
  const projects = await getProjects(lang);
  const index = projects.findIndex((doc) => doc.id === project.id);
  if (index < 0 || projects.length < 2) return { previous: null, next: null };
  return {
    previous: projects[(index - 1 + projects.length) % projects.length],
    next: projects[(index + 1) % projects.length],
  };
}
