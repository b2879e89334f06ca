import { comparableValues } from "./document-fields";
import { assertQueryPath } from "./document-fields";
import { parsingError } from "./errors";
import { applyGraphQuery, parseGraphQuery } from "./graph-query";
import { documentUrl, hydrateLinks, parseFetchLinks, type LinkContext } from "./links";
import { compilePredicate, isUidLookup, type DocumentTest } from "./predicates";
import { parseOrderings, parsePredicates, type Ordering } from "./query-syntax";
import { viewForRef } from "./ref-views";
import { parseRoutes } from "./routes";
import type { ContentSnapshot, JsonObject, ServedDocument, StoredDocument } from "./types";

/** GET /api/v2/documents/search: Prismic's query semantics over a snapshot. */

export const SEARCH_FIELDS = [
  "ref",
  "q",
  "lang",
  "page",
  "pageSize",
  "after",
  "fetch",
  "fetchLinks",
  "graphQuery",
  "orderings",
  "routes",
  "brokenRoute",
  "access_token",
  "integrationFieldsRef",
  "referer",
  // Added by @prismicio/client: its version and development flag.
  "x-c",
  "x-d",
] as const;

const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 20;

function positiveInteger(params: URLSearchParams, name: string, fallback: number): number {
  const raw = params.get(name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1)
    throw parsingError(`${name}: expected a positive integer, got '${raw}'`, name);
  return Number(raw);
}

function checkFields(params: URLSearchParams): void {
  for (const name of params.keys()) {
    if (!(SEARCH_FIELDS as readonly string[]).includes(name)) {
      throw parsingError(
        `Unknown field '${name}' (the search form accepts: ${SEARCH_FIELDS.join(", ")})`,
        name,
      );
    }
  }
  for (const name of SEARCH_FIELDS) {
    if (name !== "q" && params.getAll(name).length > 1)
      throw parsingError(`${name}: given more than once`, name);
  }
}

function compileQuery(params: URLSearchParams, lang: string): DocumentTest[] {
  const predicates = params.getAll("q").flatMap(parsePredicates);
  if (lang === "*" && predicates.some(isUidLookup)) {
    throw parsingError(
      "A UID lookup cannot be made with lang '*': a UID is unique per language only",
      "lang",
    );
  }
  return predicates.map(compilePredicate);
}

function sortKey(doc: StoredDocument, path: string): unknown {
  const { applies, raw } = comparableValues(doc, path);
  return applies ? raw[0] : undefined;
}

function compareKeys(a: unknown, b: unknown): number {
  const aMissing = a === undefined || a === null || a === "";
  const bMissing = b === undefined || b === null || b === "";
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  return String(a).localeCompare(String(b));
}

/** Sorts by the orderings, then by id so pages never overlap or skip. */
function sortDocuments(docs: StoredDocument[], orderings: Ordering[]): StoredDocument[] {
  const keyed = docs.map((doc) => ({ doc, keys: orderings.map((o) => sortKey(doc, o.path)) }));
  keyed.sort((a, b) => {
    for (const [index, ordering] of orderings.entries()) {
      const result = compareKeys(a.keys[index], b.keys[index]);
      // Missing values stay last in both directions.
      const missing = a.keys[index] == null || b.keys[index] == null;
      if (result !== 0) return ordering.direction === "desc" && !missing ? -result : result;
    }
    return a.doc.id < b.doc.id ? -1 : a.doc.id > b.doc.id ? 1 : 0;
  });
  return keyed.map((entry) => entry.doc);
}

function selectFields(data: JsonObject, type: string, fetch: string | null): JsonObject {
  if (!fetch) return data;
  const wanted = fetch
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.startsWith(`${type}.`))
    .map((s) => s.slice(type.length + 1));
  if (wanted.length === 0) return data;
  return Object.fromEntries(Object.entries(data).filter(([key]) => wanted.includes(key)));
}

export interface SearchResponse {
  page: number;
  results_per_page: number;
  results_size: number;
  total_results_size: number;
  total_pages: number;
  next_page: string | null;
  prev_page: string | null;
  results: ServedDocument[];
  version: string;
  license: string;
}

export interface SearchOutcome {
  body: SearchResponse;
  /** True when the ref is the master ref: the answer can be cached for as long as the ref lives. */
  immutable: boolean;
}

export function search(snapshot: ContentSnapshot, url: URL): SearchOutcome {
  const params = url.searchParams;
  checkFields(params);
  const ref = params.get("ref");
  if (!ref) throw parsingError("ref: missing (get the master ref from /api/v2)", "ref");
  const view = viewForRef(snapshot, ref);

  const languages = snapshot.meta.languages.map((l) => l.id);
  const masterLang = languages[0];
  const lang = params.get("lang") ?? masterLang;
  if (lang !== "*" && !languages.includes(lang)) {
    throw parsingError(
      `lang: unknown language '${lang}' (this repository has: ${languages.join(", ")}, or *)`,
      "lang",
    );
  }
  const tests = compileQuery(params, lang);
  const orderings = params.has("orderings") ? parseOrderings(params.get("orderings") ?? "") : [];
  orderings.forEach((ordering) => assertQueryPath(ordering.path, "orderings"));
  const page = positiveInteger(params, "page", 1);
  const pageSize = positiveInteger(params, "pageSize", DEFAULT_PAGE_SIZE);
  if (pageSize > MAX_PAGE_SIZE)
    throw parsingError(`pageSize: at most ${MAX_PAGE_SIZE}, got ${pageSize}`, "pageSize");
  const graphQuery = params.has("graphQuery") ? parseGraphQuery(params.get("graphQuery") ?? "") : undefined;

  const ctx: LinkContext = {
    lookup: (id) => view.documents.get(id),
    routes: params.has("routes") ? parseRoutes(params.get("routes") ?? "") : [],
    brokenRoute: params.get("brokenRoute") ?? undefined,
    masterLang,
    fetchLinks: parseFetchLinks(params.get("fetchLinks")),
  };

  let matches = [...view.documents.values()].filter(
    (doc) => (lang === "*" || doc.lang === lang) && tests.every((test) => test(doc)),
  );
  matches = sortDocuments(matches, orderings);
  const after = params.get("after");
  if (after !== null) {
    const index = matches.findIndex((doc) => doc.id === after);
    if (index < 0) throw parsingError(`after: document '${after}' is not among the results`, "after");
    matches = matches.slice(index + 1);
  }

  const totalPages = Math.ceil(matches.length / pageSize);
  const pageDocs = matches.slice((page - 1) * pageSize, page * pageSize);
  const pageUrl = (n: number) => {
    const next = new URL(url);
    next.searchParams.set("page", String(n));
    return next.toString();
  };
  const results = pageDocs.map((doc): ServedDocument => {
    const data = hydrateLinks(selectFields(doc.data, doc.type, params.get("fetch")), ctx) as JsonObject;
    return {
      ...doc,
      url: documentUrl(doc, ctx),
      href: `${url.origin}/api/v2/documents/search?ref=${encodeURIComponent(view.ref)}&q=${encodeURIComponent(`[[:d = at(document.id, "${doc.id}")]]`)}`,
      data: graphQuery ? applyGraphQuery(graphQuery, doc.type, data, ctx) : data,
    };
  });

  return {
    body: {
      page,
      results_per_page: pageSize,
      results_size: results.length,
      total_results_size: matches.length,
      total_pages: totalPages,
      next_page: page < totalPages ? pageUrl(page + 1) : null,
      prev_page: page > 1 && page <= totalPages + 1 ? pageUrl(page - 1) : null,
      results,
      version: snapshot.masterRef,
      license: "All Rights Reserved",
    },
    immutable: view.release === undefined,
  };
}
