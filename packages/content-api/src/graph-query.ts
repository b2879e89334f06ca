import { parsingError } from "./errors";
import { hydrateLinks, type LinkContext } from "./links";
import { isJsonObject, type JsonObject, type JsonValue } from "./types";

/**
 * Prismic's graphQuery: choose which fields come back, per custom type, and
 * which fields of linked documents are fetched with them. Supported:
 * field names, nested selections for groups, `...on type { fields }` for links
 * and slices (`variation { ...on default { primary { } items { } } }`), and
 * `...typeFields` spreads (all fields).
 */

export interface Selection {
  /** Plain fields, each with its nested selection (undefined: the whole value). */
  fields: Map<string, Selection | undefined>;
  /** `...on name { }` fragments by type, slice or variation name. */
  on: Map<string, Selection>;
  /** A `...somethingFields` spread: every field. */
  all: boolean;
}

const emptySelection = (): Selection => ({ fields: new Map(), on: new Map(), all: false });

function tokenize(source: string): string[] {
  const tokens = source.match(/\.\.\.|[{}]|[A-Za-z0-9_-]+|\S/g) ?? [];
  const bad = tokens.find((token) => !/^(\.\.\.|[{}]|[A-Za-z0-9_-]+)$/.test(token));
  if (bad) throw parsingError(`graphQuery: unexpected '${bad}'`, "graphQuery");
  return tokens;
}

function parseSelection(tokens: string[], position: { i: number }): Selection {
  const selection = emptySelection();
  const expect = (token: string) => {
    if (tokens[position.i] !== token) {
      throw parsingError(
        `graphQuery: expected '${token}' but found '${tokens[position.i] ?? "end"}'`,
        "graphQuery",
      );
    }
    position.i++;
  };
  expect("{");
  while (tokens[position.i] !== "}") {
    const token = tokens[position.i++];
    if (token === undefined) throw parsingError("graphQuery: missing '}'", "graphQuery");
    if (token === "...") {
      const name = tokens[position.i++];
      if (name === "on") {
        const target = tokens[position.i++];
        if (!target || target === "{") throw parsingError("graphQuery: '...on' needs a name", "graphQuery");
        selection.on.set(target, parseSelection(tokens, position));
      } else if (name && /Fields$/.test(name)) {
        selection.all = true;
      } else {
        throw parsingError(`graphQuery: unknown spread '...${name ?? ""}'`, "graphQuery");
      }
    } else if (token === "{") {
      throw parsingError("graphQuery: a '{' must follow a field name", "graphQuery");
    } else {
      selection.fields.set(token, tokens[position.i] === "{" ? parseSelection(tokens, position) : undefined);
    }
  }
  expect("}");
  return selection;
}

/** Parses a graphQuery into one selection per custom type. */
export function parseGraphQuery(source: string): Map<string, Selection> {
  const tokens = tokenize(source);
  const position = { i: 0 };
  const root = parseSelection(tokens, position);
  if (position.i !== tokens.length)
    throw parsingError("graphQuery: unexpected input after the query", "graphQuery");
  const byType = new Map<string, Selection>();
  for (const [type, selection] of root.fields) {
    if (!selection) throw parsingError(`graphQuery: '${type}' needs a selection of fields`, "graphQuery");
    byType.set(type, selection);
  }
  return byType;
}

function selectObject(value: JsonObject, selection: Selection, ctx: LinkContext): JsonObject {
  if (selection.all && selection.fields.size === 0) return value;
  const out: JsonObject = selection.all ? { ...value } : {};
  for (const [name, nested] of selection.fields) {
    if (name in value) out[name] = nested ? selectValue(value[name], nested, ctx) : value[name];
  }
  return out;
}

function selectSlice(slice: JsonObject, selection: Selection, ctx: LinkContext): JsonObject | undefined {
  const forType = selection.on.get(String(slice.slice_type));
  if (!forType) return undefined;
  const forVariation = forType.fields.get("variation")?.on.get(String(slice.variation));
  const parts = forVariation ?? forType;
  const out: JsonObject = { ...slice };
  for (const part of ["primary", "items"] as const) {
    const legacy = part === "primary" ? "non-repeat" : "repeat";
    const partSelection = parts.fields.get(part) ?? forType.fields.get(legacy);
    if (!partSelection) out[part] = part === "primary" ? {} : [];
    else out[part] = selectValue(slice[part], partSelection, ctx);
  }
  return out;
}

function selectLink(link: JsonObject, selection: Selection, ctx: LinkContext): JsonObject {
  const target = typeof link.id === "string" && !link.isBroken ? ctx.lookup(link.id) : undefined;
  const forType = target ? selection.on.get(target.type) : undefined;
  if (!target || !forType) return link;
  const data = hydrateLinks(target.data, { ...ctx, fetchLinks: new Map() }) as JsonObject;
  return { ...link, data: selectObject(data, forType, ctx) };
}

function selectValue(value: JsonValue | undefined, selection: Selection, ctx: LinkContext): JsonValue {
  if (value === undefined) return null;
  if (Array.isArray(value)) {
    return value
      .map((item) => {
        if (!isJsonObject(item)) return item;
        if ("slice_type" in item) return selectSlice(item, selection, ctx);
        return selectObject(item, selection, ctx);
      })
      .filter((item): item is JsonValue => item !== undefined);
  }
  if (isJsonObject(value)) {
    if (value.link_type === "Document") return selectLink(value, selection, ctx);
    return selectObject(value, selection, ctx);
  }
  return value;
}

/** Applies a parsed graphQuery to a served document's data; other types pass through. */
export function applyGraphQuery(
  query: Map<string, Selection>,
  type: string,
  data: JsonObject,
  ctx: LinkContext,
): JsonObject {
  const selection = query.get(type);
  return selection ? selectObject(data, selection, ctx) : data;
}
