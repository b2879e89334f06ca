import { filter } from "@prismicio/client";

import { ENVELOPE_ONLY } from "@/lib/content/project-list";
import { describeContentError } from "@/lib/content/content-errors";
import { DEFAULT_LANG, prismicLang, type Lang } from "@/lib/i18n/locales";
import { logger } from "@/lib/log/logger.mjs";
import { routerRedirect } from "@/lib/net/same-site-redirect";
import {
  buildRedirectTable,
  EMPTY_REDIRECTS,
  MAX_REDIRECTS,
  parseRedirectRows,
  redirectLocation,
  rowFromContent,
  type RedirectTable,
} from "@/lib/routing/redirects";
import { WORK_TYPE } from "@/lib/site/page-types";
import { createPublishedClient } from "@/lib/prismic/client";

/**
 * The editors' redirects as the request router uses them: one table per instance, read from the
 * `redirects` document (master language) at most once per content TTL (5 s, as the pages), and at once
 * after the publish webhook in this instance (markRedirectTableStale); other instances read it again
 * within the TTL. Loading asks whether the works named by a "from" exist (batched, envelope only).
 * When the content API fails, the last good table stays in use (or none), and is asked again after
 * the TTL. Refused rows are logged once per change of the document, one line each.
 */
export const REDIRECTS_TYPE = "redirects";
const TTL_MS = 5_000;
/** Uids per existence query (one page of results). */
const UID_CHUNK = 100;

interface State {
  table?: RedirectTable;
  expires: number;
  loading?: Promise<RedirectTable>;
  /** Bumped by the webhook: a load begun before it does not store its (older) table. */
  generation: number;
  /** What was last logged, so an unchanged document is not logged again every TTL. */
  logged?: string;
}

// On globalThis: the request router and the webhook's route handler are separate bundles.
const holder = globalThis as { [key: symbol]: State | undefined };
const STATE = Symbol.for("vifargent.redirects");
function state(): State {
  return (holder[STATE] ??= { expires: 0, generation: 0 });
}

/**
 * After a publish: the next 404 reads the document again (with a fresh master ref); the table read
 * before stays in use until then, and after, if that read fails.
 */
export function markRedirectTableStale(): void {
  const current = state();
  current.generation++;
  current.loading = undefined;
  current.expires = 0;
}

export async function redirectTable(): Promise<RedirectTable> {
  const current = state();
  if (current.table && current.expires > Date.now()) return current.table;
  current.loading ??= load(current, current.generation);
  return current.loading;
}

async function load(current: State, generation: number): Promise<RedirectTable> {
  let table: RedirectTable;
  try {
    table = await readTable(current);
  } catch (error) {
    logger.error(
      `[redirects] the redirects could not be read, ${current.table ? "the last ones read stay" : "none apply"}: ${describeContentError(error)}`,
    );
    table = current.table ?? EMPTY_REDIRECTS;
  }
  if (generation === current.generation) {
    current.table = table;
    current.expires = Date.now() + TTL_MS;
    current.loading = undefined;
  }
  return table;
}

async function readTable(current: State): Promise<RedirectTable> {
  // A client per load: each reads the master ref afresh (a kept client would hold it 5 s more).
  const client = createPublishedClient();
  const response = await client.get({
    filters: [filter.at("document.type", REDIRECTS_TYPE)],
    lang: prismicLang(DEFAULT_LANG),
    pageSize: 1,
  });
  const document = response.results[0];
  const data: Record<string, unknown> = document?.data ?? {};
  const items: unknown[] = Array.isArray(data.redirects) ? data.redirects : [];
  const { candidates, refused, overflow } = parseRedirectRows(items.map(rowFromContent));

  const byLang = new Map<Lang, string[]>();
  for (const { work } of candidates) {
    if (work) byLang.set(work.lang, [...new Set([...(byLang.get(work.lang) ?? []), work.uid])]);
  }
  const queries: Array<Promise<string[]>> = [];
  for (const [lang, uids] of byLang) {
    for (let start = 0; start < uids.length; start += UID_CHUNK) {
      const chunk = uids.slice(start, start + UID_CHUNK);
      queries.push(
        client
          .get({
            filters: [filter.at("document.type", WORK_TYPE), filter.in(`my.${WORK_TYPE}.uid`, chunk)],
            lang: prismicLang(lang),
            pageSize: UID_CHUNK,
            graphQuery: ENVELOPE_ONLY,
          })
          .then((found) => found.results.map((work) => `${lang}/${work.uid}`)),
      );
    }
  }
  const liveWorks = new Set((await Promise.all(queries)).flat());
  const built = buildRedirectTable(candidates, liveWorks);

  const lines = [
    ...[...refused, ...built.refused]
      .sort((a, b) => a.row - b.row)
      .map((r) => `row ${r.row} refused: ${r.reason}`),
    ...(overflow > 0 ? [`the ${overflow} rows past the first ${MAX_REDIRECTS} are refused`] : []),
  ];
  const notes = built.followed.map((r) => `row ${r.row}: ${r.reason}`);
  const signature = JSON.stringify([document?.id, lines, notes]);
  if (current.logged !== signature) {
    current.logged = signature;
    for (const line of lines) logger.warn(`[redirects] ${line}`);
    for (const note of notes) logger.info(`[redirects] ${note}`);
  }
  return built.table;
}

/**
 * The request router's question before a 404: a GET or HEAD the editors redirect gets its redirect
 * (no render, never stored by a cache). `visitor` is the path the visitor asked for and their
 * parameters no page reads, as npm start's front passed them on (server/request-target.mjs).
 */
export async function editorRedirect(
  request: { method: string; url: string },
  visitor: { path: string; query: string },
): Promise<Response | undefined> {
  if (request.method !== "GET" && request.method !== "HEAD") return undefined;
  const found = redirectLocation(await redirectTable(), visitor.path, visitor.query);
  if (!found) return undefined;
  return routerRedirect(request.url, found.target, found.status);
}
