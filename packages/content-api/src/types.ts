/** Types shared across the package: the repository's shapes, as stored on disk and as served. */

/**
 * Where the package reports a failure it has recovered from or answered for (a broken edit,
 * an error answered as a 500). The library never logs on its own: its caller decides where
 * logs go (the CLIs print to stderr, the site logs with its own errors).
 */
export type ErrorReporter = (message: string, error: unknown) => void;

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** A JSON object: not null, not an array. */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export interface AlternateLanguage {
  id: string;
  type: string;
  lang: string;
  uid?: string | null;
}

/** A document as stored in a file: the Content API v2 shape without `url` and `href`. */
export interface StoredDocument {
  id: string;
  uid: string | null;
  type: string;
  tags: string[];
  lang: string;
  first_publication_date: string | null;
  last_publication_date: string | null;
  slugs: string[];
  linked_documents: JsonValue[];
  alternate_languages: AlternateLanguage[];
  data: JsonObject;
}

/** A document as the search endpoint returns it. */
export interface ServedDocument extends Omit<StoredDocument, "data"> {
  url: string | null;
  href: string;
  data: JsonObject;
}

export interface RepositoryLanguage {
  id: string;
  name: string;
}

export interface RepositoryMeta {
  repositoryName: string;
  languages: RepositoryLanguage[];
  bookmarks: Record<string, string>;
  types: Record<string, string>;
}

export interface Release {
  id: string;
  label: string;
  ref: string;
  /** Documents the release adds or changes, by id. */
  documents: Map<string, StoredDocument>;
}

/** One consistent view of the repository: the published documents and the releases. */
export interface ContentSnapshot {
  meta: RepositoryMeta;
  masterRef: string;
  published: Map<string, StoredDocument>;
  releases: Release[];
}

/** Route resolver entry, as Prismic's `routes` parameter carries it. */
export interface RouteResolver {
  type: string;
  path: string;
  lang?: string;
  uid?: string;
  resolvers?: Record<string, string>;
}
