import { resolveUrl } from "./routes";
import {
  isJsonObject,
  type JsonObject,
  type JsonValue,
  type RouteResolver,
  type StoredDocument,
} from "./types";

/** Expanding stored document links into the full link objects the Content API returns. */

export interface LinkContext {
  lookup: (id: string) => StoredDocument | undefined;
  routes: RouteResolver[];
  brokenRoute: string | undefined;
  masterLang: string;
  /** fetchLinks: custom type -> the fields of a linked document to include as `data`. */
  fetchLinks: Map<string, string[]>;
}

export function parseFetchLinks(source: string | null): Map<string, string[]> {
  const fetchLinks = new Map<string, string[]>();
  for (const entry of (source ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const dot = entry.indexOf(".");
    if (dot <= 0 || dot === entry.length - 1) continue;
    const type = entry.slice(0, dot);
    fetchLinks.set(type, [...(fetchLinks.get(type) ?? []), entry.slice(dot + 1)]);
  }
  return fetchLinks;
}

export function documentUrl(doc: StoredDocument, ctx: LinkContext): string | null {
  return resolveUrl(doc, ctx.routes, ctx.masterLang, ctx.lookup);
}

function brokenLink(link: JsonObject, ctx: LinkContext): JsonObject {
  return {
    id: link.id,
    type: "broken_type",
    tags: [],
    slug: "-",
    lang: ctx.masterLang,
    first_publication_date: null,
    last_publication_date: null,
    link_type: "Document",
    isBroken: true,
    ...(ctx.brokenRoute ? { url: ctx.brokenRoute } : {}),
  };
}

function documentLink(link: JsonObject, target: StoredDocument, ctx: LinkContext, depth: number): JsonObject {
  const fields = ctx.fetchLinks.get(target.type);
  const hydrated: JsonObject = {
    id: target.id,
    type: target.type,
    tags: target.tags,
    lang: target.lang,
    slug: target.slugs[0] ?? "-",
    first_publication_date: target.first_publication_date,
    last_publication_date: target.last_publication_date,
    ...(target.uid ? { uid: target.uid } : {}),
    url: documentUrl(target, ctx),
    link_type: "Document",
    isBroken: false,
  };
  if (fields && depth === 0) {
    const data: JsonObject = {};
    for (const field of fields) {
      if (field in target.data) data[field] = hydrateLinks(target.data[field], ctx, depth + 1);
    }
    hydrated.data = data;
  }
  return hydrated;
}

/** Returns a copy of a value with every document link expanded (fetchLinks one level deep). */
export function hydrateLinks(value: JsonValue, ctx: LinkContext, depth = 0): JsonValue {
  if (Array.isArray(value)) return value.map((item) => hydrateLinks(item, ctx, depth));
  if (!isJsonObject(value)) return value;
  if (value.link_type === "Document" && typeof value.id === "string") {
    const target = ctx.lookup(value.id);
    return target ? documentLink(value, target, ctx, depth) : brokenLink(value, ctx);
  }
  const copy: JsonObject = {};
  for (const [key, item] of Object.entries(value)) copy[key] = hydrateLinks(item, ctx, depth);
  return copy;
}
