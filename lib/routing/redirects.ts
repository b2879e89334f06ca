import { LANGS, localePath, type Lang } from "@/lib/i18n/locales";
import { sameSitePath } from "@/lib/net/same-site-redirect";
import { parameterName } from "@/lib/net/url-encoding.mjs";
import { MAX_KEPT_QUERY_BYTES, MAX_PATH_BYTES } from "@/lib/net/url-limits.mjs";
import { isOutsidePath } from "@/lib/routing/outside-paths.mjs";
import { resolvePath } from "@/lib/routing/resolve-path";
import { NOT_FOUND_PATH } from "@/lib/site/page-types";

/**
 * Editors' redirects (the `redirects` document): pure parsing, validation and chain resolution.
 * The loader (redirect-table.ts) reads the document and asks the content API which works exist;
 * the request router (proxy.ts) asks `redirectLocation` before it answers a 404.
 *
 * - A row is "from" (a path of this site, in either language: `/en/...` is English), "to" (a
 *   document link or a site path) and permanent (308) or temporary (307).
 * - A "from" is matched on its decoded path, NFC, case-insensitively, with or without a trailing
 *   slash. It must be a path that would otherwise be a 404: never a page that exists (static
 *   pages, lists, a published work), nor a path served by something else (/_next, /api, /assets,
 *   the sitemap, the preview), nor where broken links go (/not-found).
 * - A "to" must stay on this site: a path, checked after URL normalisation; anything a browser
 *   could read as another host (`//evil`, `/\evil`, `http://…`, `javascript:`, control
 *   characters, encoded slashes or backslashes) is refused.
 * - A "to" that is itself redirected is followed to its final target (one hop for visitors); a loop
 *   is refused, as are later duplicates of a "from" and rows past the first MAX_REDIRECTS.
 */

/** Rows read from the document; the rest are refused with one log line. */
export const MAX_REDIRECTS = 1_000;
/** Longest "from" or "to" accepted (an editor's path, not a document). */
const MAX_LENGTH = 2_048;

export type RedirectStatus = 307 | 308;

/** A row as the document holds it, whatever an editor or an API put there. */
export interface RedirectRowInput {
  from: unknown;
  /** The document link, when filled: its resolved `url` (from the route resolvers) and whether it is broken. */
  toDocument: { url: unknown; broken: boolean } | null;
  toPath: unknown;
  permanent: unknown;
}

/** Where a redirect sends visitors: a same-site path, its own query (raw, without "?") and fragment. */
export interface RedirectTarget {
  path: string;
  query: string;
  hash: string;
}

export interface RedirectCandidate {
  /** 1-based row number in the document, for the log. */
  row: number;
  /** The matching key: decoded, NFC, lower case, no trailing slash. */
  key: string;
  from: string;
  to: RedirectTarget;
  permanent: boolean;
  /** Set when "from" names a work: it is a live page when that work exists. */
  work?: { lang: Lang; uid: string };
}

export interface Refusal {
  row: number;
  reason: string;
}

export interface ResolvedRedirect {
  status: RedirectStatus;
  target: RedirectTarget;
}

/** Key → where it goes (chains already followed). */
export type RedirectTable = ReadonlyMap<string, ResolvedRedirect>;

export const EMPTY_REDIRECTS: RedirectTable = new Map();

/** How a value is shown in a log line: quoted, escaped, cut short. */
export function shown(value: unknown): string {
  const text = JSON.stringify(typeof value === "string" ? value : (value ?? null)) ?? "null";
  return text.length > 120 ? `${text.slice(0, 117)}…"` : text;
}

function decoded(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** A decoded path as a matching key: NFC, lower case, without its trailing slash. */
function keyOf(decodedPath: string): string {
  const key = decodedPath.normalize("NFC").toLowerCase();
  return key.length > 1 && key.endsWith("/") ? key.slice(0, -1) : key;
}

/** Backslashes (a slash to browsers), control characters (dropped or hiding something), ? and #. */
const UNSAFE_IN_FROM = /[\\\u0000-\u001f\u007f-\u009f?#]/;
/** An encoded slash, backslash or percent sign: a segment boundary (or a second decoding) in disguise. */
const ENCODED_SEPARATOR = /%(?:2f|5c|25)/i;
/** First segments that are never pages (Next's files, route handlers, assets). */
const NOT_PAGES = new Set(["_next", "api", "assets"]);
/** Where broken links go, in every language: never redirected. */
const NOT_FOUND_KEYS = new Set(LANGS.map((lang) => keyOf(localePath(lang, NOT_FOUND_PATH))));

type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };
const refuse = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

/** An editor's "from": a path of this site, as a matching key. */
export function parseFrom(raw: unknown): Parsed<{ key: string; resolved: ReturnType<typeof resolvePath> }> {
  if (typeof raw !== "string" || raw.trim() === "") return refuse(`"from" is empty`);
  const text = raw.trim();
  const why = `"from" ${shown(text)}`;
  if (text.length > MAX_LENGTH) return refuse(`${why} is longer than ${MAX_LENGTH} characters`);
  if (!text.startsWith("/") || text.startsWith("//"))
    return refuse(`${why} is not a path of this site (it must start with a single /)`);
  if (UNSAFE_IN_FROM.test(text) || ENCODED_SEPARATOR.test(text))
    return refuse(
      `${why} holds a backslash, a control character, a query, a fragment or an encoded separator`,
    );
  const path = decoded(text);
  if (path === null) return refuse(`${why} is not valid percent-encoding`);
  // Longer than a visitor's request may name it (npm start refuses such a path: 414).
  if (encodeURI(path).length > MAX_PATH_BYTES)
    return refuse(`${why} is longer than ${MAX_PATH_BYTES} bytes once encoded`);
  if (UNSAFE_IN_FROM.test(path)) return refuse(`${why} hides a forbidden character in its encoding`);
  if (path.includes("//")) return refuse(`${why} holds an empty segment (//)`);
  if (path.split("/").some((segment) => segment === "." || segment === ".."))
    return refuse(`${why} holds a dot segment`);
  const key = keyOf(path);
  let encoded: string;
  try {
    encoded = encodeURI(key);
  } catch {
    return refuse(`${why} holds a character no address can carry`);
  }
  if (NOT_PAGES.has(key.split("/")[1] ?? "") || isOutsidePath(key) || isOutsidePath(encoded))
    return refuse(
      `${why} is not a page of the site (Next's files, an API, an asset, a sitemap, the preview)`,
    );
  if (NOT_FOUND_KEYS.has(key)) return refuse(`${why} is where broken links go`);
  const resolved = resolvePath(encoded, new URLSearchParams());
  if (resolved.kind === "outside") return refuse(`${why} is not a page of the site`);
  if (resolved.kind === "page" || resolved.kind === "list") return refuse(`${why} is a live page`);
  return { ok: true, value: { key, resolved } };
}

/** An encoded slash or backslash, at any depth of encoding. */
const ENCODED_SLASH = /%(?:2f|5c)/i;
const UNSAFE_IN_TO = /[\\\u0000-\u001f\u007f-\u009f]/;
const PROBE = "http://redirect-target.invalid";

/** Percent-decoded up to three times, or null when a decoding fails. */
function decodings(value: string): string[] | null {
  const forms = [value];
  for (let i = 0; i < 3; i++) {
    const next = decoded(forms[forms.length - 1]);
    if (next === null) return null;
    if (next === forms[forms.length - 1]) break;
    forms.push(next);
  }
  return forms;
}

/** A "to": a same-site path (query and fragment allowed), normalised as a browser would. */
export function parseTarget(raw: string, what: string): Parsed<RedirectTarget> {
  const text = raw.trim();
  const why = `${what} ${shown(text)}`;
  if (text.length > MAX_LENGTH) return refuse(`${why} is longer than ${MAX_LENGTH} characters`);
  const forms = decodings(text);
  if (forms === null) return refuse(`${why} is not valid percent-encoding`);
  for (const form of forms) {
    if (!form.startsWith("/") || form.startsWith("//") || UNSAFE_IN_TO.test(form))
      return refuse(`${why} leaves the site (it must be a path of this site, starting with a single /)`);
    if (ENCODED_SLASH.test(form)) return refuse(`${why} holds an encoded slash or backslash`);
  }
  // sameSitePath checks the value and its normalised form (staysOnSite): "" is anything else.
  const normalised = sameSitePath(text, "");
  if (normalised === "") return refuse(`${why} leaves the site`);
  const url = new URL(normalised, PROBE);
  // What a visitor's request could not name, or a Location past what a proxy takes (with the
  // visitor's query beside it and Next's Refresh copy).
  if (url.pathname.length > MAX_PATH_BYTES)
    return refuse(`${why} is longer than ${MAX_PATH_BYTES} bytes once encoded`);
  if (url.search.length + url.hash.length > MAX_KEPT_QUERY_BYTES)
    return refuse(`${why} has a query and fragment longer than ${MAX_KEPT_QUERY_BYTES} bytes once encoded`);
  return { ok: true, value: { path: url.pathname, query: url.search.slice(1), hash: url.hash } };
}

/** A row's target: the document link when filled, else the path; both or neither is refused. */
function parseTo(row: RedirectRowInput): Parsed<RedirectTarget> {
  const path = typeof row.toPath === "string" ? row.toPath.trim() : "";
  if (row.toDocument && path) return refuse(`it has both a page and a path to go to: keep one`);
  if (row.toDocument) {
    if (row.toDocument.broken || typeof row.toDocument.url !== "string")
      return refuse(`its page is not published (a broken link)`);
    return parseTarget(row.toDocument.url, `its page's address`);
  }
  if (!path) return refuse(`it has nowhere to go (no page, no path)`);
  return parseTarget(path, `"to"`);
}

/** A row of the document's group, in whatever shape it came, as the parser reads it. */
export function rowFromContent(item: unknown): RedirectRowInput {
  const row = (typeof item === "object" && item !== null ? item : {}) as Record<string, unknown>;
  const link = (
    typeof row.to_document === "object" && row.to_document !== null ? row.to_document : {}
  ) as Record<string, unknown>;
  const filled = link.link_type === "Document" && typeof link.id === "string";
  return {
    from: row.from,
    toDocument: filled ? { url: link.url, broken: link.isBroken === true } : null,
    toPath: row.to_path,
    permanent: row.permanent,
  };
}

/**
 * Every row checked on its own (the first MAX_REDIRECTS): valid candidates, in order, first of each
 * "from" only, and the refusals. Whether a work named by a "from" exists is the caller's question
 * (worksToCheck), answered to buildRedirectTable.
 */
export function parseRedirectRows(rows: readonly RedirectRowInput[]): {
  candidates: RedirectCandidate[];
  refused: Refusal[];
  overflow: number;
} {
  const candidates: RedirectCandidate[] = [];
  const refused: Refusal[] = [];
  const seen = new Map<string, number>();
  for (const [index, row] of rows.slice(0, MAX_REDIRECTS).entries()) {
    const number = index + 1;
    const from = parseFrom(row.from);
    if (!from.ok) {
      refused.push({ row: number, reason: from.reason });
      continue;
    }
    const to = parseTo(row);
    const first = seen.get(from.value.key);
    if (!to.ok) refused.push({ row: number, reason: `"from" ${shown(row.from)}: ${to.reason}` });
    else if (first !== undefined)
      refused.push({
        row: number,
        reason: `"from" ${shown(row.from)} repeats row ${first}: the first is kept`,
      });
    else {
      seen.set(from.value.key, number);
      const { resolved } = from.value;
      candidates.push({
        row: number,
        key: from.value.key,
        from: (row.from as string).trim(),
        to: to.value,
        permanent: row.permanent !== false,
        ...(resolved.kind === "work" ? { work: { lang: resolved.lang, uid: resolved.uid } } : {}),
      });
    }
  }
  return { candidates, refused, overflow: Math.max(0, rows.length - MAX_REDIRECTS) };
}

/** The works the candidates' "from" name, by language: each is a live page when it exists. */
export function worksToCheck(candidates: readonly RedirectCandidate[]): Map<Lang, string[]> {
  const works = new Map<Lang, string[]>();
  for (const { work } of candidates) {
    if (!work) continue;
    const uids = works.get(work.lang) ?? [];
    if (!uids.includes(work.uid)) uids.push(work.uid);
    works.set(work.lang, uids);
  }
  return works;
}

/** The key "to" would be matched under, when someone followed it. */
function targetKey(target: RedirectTarget): string | null {
  const path = decoded(target.path);
  return path === null ? null : keyOf(path);
}

/**
 * A query with another one's parameters laid over it: the parameters `over` names replace those of
 * `base` with the same name; the others of `base` follow, as they were written.
 */
export function mergeQuery(base: string, over: string): string {
  if (!base) return over;
  if (!over) return base;
  const named = new Set(over.split("&").map(parameterName));
  const kept = base.split("&").filter((part) => part !== "" && !named.has(parameterName(part)));
  return kept.length ? `${over}&${kept.join("&")}` : over;
}

/**
 * The table: live works refused (`liveWorks` holds `<lang>/<uid>` of those that exist), chains
 * followed to their final target (permanent only when every hop is), loops refused (every row
 * whose chain runs into one).
 */
export function buildRedirectTable(
  candidates: readonly RedirectCandidate[],
  liveWorks: ReadonlySet<string>,
): { table: RedirectTable; refused: Refusal[]; followed: Refusal[] } {
  const refused: Refusal[] = [];
  const followed: Refusal[] = [];
  const byKey = new Map<string, RedirectCandidate>();
  for (const candidate of candidates) {
    if (candidate.work && liveWorks.has(`${candidate.work.lang}/${candidate.work.uid}`)) {
      refused.push({
        row: candidate.row,
        reason: `"from" ${shown(candidate.from)} is a live page (a published work)`,
      });
      continue;
    }
    byKey.set(candidate.key, candidate);
  }
  const table = new Map<string, ResolvedRedirect>();
  for (const candidate of byKey.values()) {
    const visited = new Set([candidate.key]);
    let target = candidate.to;
    let query = candidate.to.query;
    let hash = candidate.to.hash;
    let permanent = candidate.permanent;
    let hops = 1;
    let loop = false;
    for (;;) {
      const key = targetKey(target);
      const next = key === null ? undefined : byKey.get(key);
      if (!next) break;
      if (visited.has(next.key)) {
        loop = true;
        break;
      }
      visited.add(next.key);
      hops++;
      target = next.to;
      query = mergeQuery(query, next.to.query);
      hash = next.to.hash || hash;
      permanent &&= next.permanent;
    }
    if (loop) {
      refused.push({
        row: candidate.row,
        reason: `"from" ${shown(candidate.from)} leads back to itself (a loop)`,
      });
      continue;
    }
    if (hops > 1)
      followed.push({
        row: candidate.row,
        reason: `"from" ${shown(candidate.from)} leads to another redirect: sent straight to ${shown(target.path)} (${hops} hops in one)`,
      });
    table.set(candidate.key, { status: permanent ? 308 : 307, target: { path: target.path, query, hash } });
  }
  refused.sort((a, b) => a.row - b.row);
  return { table, refused, followed };
}

/**
 * Where a request for `pathname` (as received: percent-encoded) goes, with the visitor's query
 * (without "?", in the site's spelling: npm start's front re-encodes it) kept under the target's
 * own parameters; undefined when nothing redirects it. The target's path was checked when the table
 * was built and is the only part that decides where the visitor lands: the query is carried
 * beside it (routerRedirect), never validated as part of it, so an odd visitor's parameter can
 * neither change nor cancel the target.
 */
export function redirectLocation(
  table: RedirectTable,
  pathname: string,
  query: string,
): { status: RedirectStatus; target: RedirectTarget } | undefined {
  if (table.size === 0 || ENCODED_SEPARATOR.test(pathname)) return undefined;
  const path = decoded(pathname);
  if (path === null) return undefined;
  const redirect = table.get(keyOf(path));
  if (!redirect) return undefined;
  const { target } = redirect;
  return { status: redirect.status, target: { ...target, query: mergeQuery(query, target.query) } };
}
