import { filter } from "@prismicio/client";

import { ENVELOPE_ONLY, projectListParams } from "@/lib/content/project-list";
import { describeContentError } from "@/lib/content/content-errors";
import { prismicLang, type Lang } from "@/lib/i18n/locales";
import { logger } from "@/lib/log/logger.mjs";
import type { ListView } from "@/lib/routing/resolve-path";
import { LIST_PAGE_SIZE, listStatus, WORK_TYPE } from "@/lib/site/page-types";
import { createPublishedClient } from "@/lib/prismic/client";

/**
 * The request router's questions to the content API: does this work exist, how many works does
 * this list hold? Answers are remembered for the content TTL (5 s) in a bounded map. When
 * the API fails the answer is "unknown" (undefined): the page then renders as usual and serves its
 * last good version, never a wrong 404.
 */
const TTL_MS = 5_000;
const MAX_ENTRIES = 1_000;
const answers = new Map<string, { value: boolean | number; expires: number }>();

// One client for the router: it keeps the API's master ref for 5 s between requests.
let client: ReturnType<typeof createPublishedClient> | undefined;
function probeClient() {
  client ??= createPublishedClient();
  return client;
}

async function remembered<T extends boolean | number>(
  key: string,
  ask: () => Promise<T>,
): Promise<T | undefined> {
  const now = Date.now();
  const known = answers.get(key);
  if (known && known.expires > now) return known.value as T;
  try {
    const value = await ask();
    answers.delete(key);
    if (answers.size >= MAX_ENTRIES) answers.delete(answers.keys().next().value as string);
    answers.set(key, { value, expires: now + TTL_MS });
    return value;
  } catch (error) {
    logger.error(`[router] ${key}: ${describeContentError(error)}`);
    return undefined;
  }
}

export function workExists(uid: string, lang: Lang): Promise<boolean | undefined> {
  return remembered(`work ${lang}/${uid}`, async () => {
    const response = await probeClient().get({
      filters: [filter.at("document.type", WORK_TYPE), filter.at(`my.${WORK_TYPE}.uid`, uid)],
      lang: prismicLang(lang),
      pageSize: 1,
      graphQuery: ENVELOPE_ONLY,
    });
    return response.results.length > 0;
  });
}

/**
 * Whether a list page exists. The first page of a whole list always does (an empty list says so);
 * a category's list exists only while it holds a work, as the filter offers only those. One query
 * of one work per list and filter (its total says how many pages there are), remembered whatever
 * the page asked: made-up page numbers cost nothing more.
 */
export async function listPageExists(
  lang: Lang,
  { type, category, page }: ListView,
): Promise<boolean | undefined> {
  if (page === 1 && !category) return true;
  const total = await remembered(`list ${lang}/${type}/${category ?? ""}`, async () => {
    const { lang: code, filters } = projectListParams(lang, listStatus(type), category);
    const response = await probeClient().get({
      filters: [filter.at("document.type", WORK_TYPE), ...filters],
      lang: code,
      pageSize: 1,
      graphQuery: ENVELOPE_ONLY,
    });
    return response.total_results_size;
  });
  if (total === undefined) return undefined;
  return total > 0 && page <= Math.ceil(total / LIST_PAGE_SIZE);
}
