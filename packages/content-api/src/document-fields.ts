import { parsingError } from "./errors";
import { isJsonObject, type StoredDocument } from "./types";

/** Reading a document's values at a query path (`document.type`, `my.project.year`, ...). */

const DOCUMENT_PATHS = new Set([
  "document.id",
  "document.type",
  "document.tags",
  "document.lang",
  "document.first_publication_date",
  "document.last_publication_date",
]);

function isRichText(value: unknown): value is Array<{ text?: string }> {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (block) =>
        isJsonObject(block) &&
        "type" in block &&
        ("text" in block || block.type === "image" || block.type === "embed"),
    )
  );
}

/** All the text a value holds, for fulltext matching. */
export function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.map(textOf).join(" ");
  if (isJsonObject(value)) {
    if (typeof value.text === "string") return value.text;
    return Object.entries(value)
      .filter(([key]) => !["url", "id", "link_type", "dimensions", "edit", "html"].includes(key))
      .map(([, v]) => textOf(v))
      .join(" ");
  }
  return "";
}

/** Whether a field holds content, with Prismic's notion of empty (empty link, empty rich text, {}). */
export function isFilledValue(value: unknown): boolean {
  if (value === null || value === undefined || value === "") return false;
  if (Array.isArray(value)) {
    if (value.length === 0) return false;
    if (isRichText(value)) return value.some((block) => !("text" in block) || (block.text ?? "") !== "");
    return true;
  }
  if (isJsonObject(value)) {
    if ("link_type" in value) return "id" in value || "url" in value;
    return Object.keys(value).length > 0;
  }
  return true;
}

/** The comparable form of a field value: a link's id, rich text's text, a primitive as is. */
function comparable(value: unknown): unknown {
  if (isRichText(value)) return value.map((block) => block.text ?? "").join("\n");
  if (isJsonObject(value)) {
    if (typeof value.id === "string" && "link_type" in value) return value.id;
    if (typeof value.url === "string") return value.url;
  }
  return value;
}

function descend(values: unknown[], key: string): unknown[] {
  const next: unknown[] = [];
  for (const value of values) {
    if (Array.isArray(value) && !isRichText(value)) {
      for (const item of value) if (isJsonObject(item) && key in item) next.push(item[key]);
    } else if (isJsonObject(value) && key in value) {
      next.push(value[key]);
    }
  }
  return next;
}

export interface FieldValues {
  /** False when the path names another custom type than the document's: it never matches. */
  applies: boolean;
  /** Raw values (several when the path goes through a group). */
  raw: unknown[];
}

/** Validates a query path up front so a typo is a 400, not an empty result. */
export function assertQueryPath(path: string, param: string): void {
  if (path === "document" || DOCUMENT_PATHS.has(path)) return;
  if (/^my\.[A-Za-z0-9_-]+\.[A-Za-z0-9_.-]+$/.test(path)) return;
  throw parsingError(`${param}: unknown field path '${path}'`, param);
}

export function fieldValues(doc: StoredDocument, path: string): FieldValues {
  if (path === "document") return { applies: true, raw: [doc.data] };
  if (path.startsWith("document.")) {
    const key = path.slice("document.".length) as keyof StoredDocument;
    return { applies: true, raw: key === "tags" ? [...doc.tags] : [doc[key]] };
  }
  const [, type, ...keys] = path.split(".");
  if (doc.type !== type) return { applies: false, raw: [] };
  if (keys.length === 1 && keys[0] === "uid") return { applies: true, raw: [doc.uid] };
  let values: unknown[] = [doc.data];
  for (const key of keys) values = descend(values, key);
  return { applies: true, raw: values };
}

/** Values ready for equality and range comparisons. */
export function comparableValues(doc: StoredDocument, path: string): FieldValues {
  const { applies, raw } = fieldValues(doc, path);
  const flat = raw.flatMap((value) =>
    Array.isArray(value) && !isRichText(value) && path.startsWith("document.") ? value : [value],
  );
  return { applies, raw: flat.map(comparable) };
}
