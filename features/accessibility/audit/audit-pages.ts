/**
 * What `npm run a11y:audit` loads: every page type of the table (lib/site/page-types.ts) in every
 * language, one work in every language and the 404 page in every language, each at a phone's and a
 * desktop's width. A page type added to the table is audited from then on.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { DEFAULT_LANG, LANGS, langFromPrismic, localePath, prismicLang, type Lang } from "@/lib/i18n/locales";
import {
  NOT_FOUND_PATH,
  PAGE_TYPE_NAMES,
  pagePublicPath,
  WORK_PATH_PREFIX,
  WORK_TYPE,
} from "@/lib/site/page-types";

/** Names of the pages that are no page type of the table, as the results file names them. */
export const WORK_PAGE = "work";
export const NOT_FOUND_PAGE = "not_found";

/** The widths audited, each with a screen's height: a phone's and a desktop's (as e2e/accessibility.spec.ts). */
export const SCREENS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

export interface AuditPage {
  /** The public path, such as "/works" or "/en/not-found". */
  path: string;
  lang: Lang;
  /** The page type's name in the table, WORK_PAGE or NOT_FOUND_PAGE. */
  pageType: string;
  /** The status the page answers with: anything else means it cannot be audited. */
  status: 200 | 404;
}

interface WorkDocument {
  type: string;
  uid: string | null;
  lang: string;
  alternate_languages: Array<{ lang: string; uid?: string }>;
}

/**
 * The uid in each language of the work audited: the first (by uid) of the default language's works
 * that exists in every language, from the bundled repository's published documents.
 */
export function auditedWork(contentDir: string): Record<Lang, string> {
  const folder = path.join(contentDir, "documents");
  const works = readdirSync(folder)
    .filter((name) => name.endsWith(".json"))
    .map((name) => JSON.parse(readFileSync(path.join(folder, name), "utf8")) as WorkDocument)
    .filter((doc) => doc.type === WORK_TYPE && doc.lang === prismicLang(DEFAULT_LANG) && doc.uid)
    .sort((a, b) => a.uid!.localeCompare(b.uid!));
  for (const work of works) {
    const uids: Partial<Record<Lang, string>> = { [DEFAULT_LANG]: work.uid! };
    for (const alternate of work.alternate_languages) {
      const lang = langFromPrismic(alternate.lang);
      if (lang && alternate.uid) uids[lang] = alternate.uid;
    }
    if (LANGS.every((lang) => uids[lang])) return uids as Record<Lang, string>;
  }
  throw new Error(`No work in ${folder} exists in every language (${LANGS.join(", ")})`);
}

/** Every page audited, language by language: the table's page types in its order, the work, the 404 page. */
export function auditPages(work: Record<Lang, string>): AuditPage[] {
  return LANGS.flatMap((lang): AuditPage[] => [
    ...PAGE_TYPE_NAMES.map((type) => ({
      path: pagePublicPath(type, lang),
      lang,
      pageType: type,
      status: 200 as const,
    })),
    { path: localePath(lang, `${WORK_PATH_PREFIX}${work[lang]}`), lang, pageType: WORK_PAGE, status: 200 },
    { path: localePath(lang, NOT_FOUND_PATH), lang, pageType: NOT_FOUND_PAGE, status: 404 },
  ]);
}
