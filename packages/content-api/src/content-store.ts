import { createHash, createHmac, randomBytes } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";

import {
  isJsonObject,
  type ContentSnapshot,
  type ErrorReporter,
  type Release,
  type RepositoryMeta,
  type StoredDocument,
} from "./types";

export interface ContentStoreOptions {
  /** The content repository folder (repository.json, documents/, releases/, assets/). */
  dir: string;
  /** How often, at most, the folder is checked for edits. Editing a file is publishing. */
  checkIntervalMs?: number;
  /** Where a failed reload (a broken edit) is reported; the last good snapshot keeps being served. */
  onError: ErrorReporter;
  /**
   * The secret release refs are derived from (releaseRef): whoever holds it can name a release
   * (and build its preview link); nobody else can. Unset, each store makes a random one that never
   * leaves the process: the releases are then out of everyone's reach.
   */
  previewSecret?: string;
}

interface FileStamp {
  file: string;
  mtimeMs: number;
  size: number;
}

/**
 * A release's ref: an HMAC of its id under the preview secret (22 URL-safe characters, 132 bits),
 * stable while the secret is, so a preview link outlives edits to the draft; without the secret
 * it cannot be guessed from the release's name.
 */
export function releaseRef(previewSecret: string, releaseId: string): string {
  return createHmac("sha256", previewSecret).update(`release\0${releaseId}`).digest("base64url").slice(0, 22);
}

/** A secret for a store given none: random, never shown, so its releases cannot be named. */
function unguessableSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** A short, stable ref in the style of Prismic's (16 URL-safe characters). */
export function makeRef(...parts: string[]): string {
  const hash = createHash("sha1");
  for (const part of parts) hash.update(part).update("\0");
  return hash.digest("base64url").slice(0, 16);
}

async function jsonFilesIn(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return names
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => path.join(dir, name));
}

async function releaseDirs(dir: string): Promise<string[]> {
  const releasesDir = path.join(dir, "releases");
  try {
    const entries = await readdir(releasesDir, { withFileTypes: true });
    return entries
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(releasesDir, entry.name))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

async function listContentFiles(dir: string): Promise<string[]> {
  const files = [path.join(dir, "repository.json"), ...(await jsonFilesIn(path.join(dir, "documents")))];
  for (const releaseDir of await releaseDirs(dir)) {
    files.push(path.join(releaseDir, "release.json"));
    files.push(...(await jsonFilesIn(path.join(releaseDir, "documents"))));
  }
  return files;
}

async function stampFiles(files: string[]): Promise<FileStamp[]> {
  return Promise.all(
    files.map(async (file) => {
      const stats = await stat(file);
      return { file, mtimeMs: stats.mtimeMs, size: stats.size };
    }),
  );
}

function signatureOf(stamps: FileStamp[]): string {
  return stamps.map((s) => `${s.file}:${s.mtimeMs}:${s.size}`).join("\n");
}

async function readJson(file: string): Promise<{ raw: string; value: unknown }> {
  const raw = await readFile(file, "utf8");
  try {
    return { raw, value: JSON.parse(raw) };
  } catch (error) {
    throw new Error(`${file}: invalid JSON (${(error as Error).message})`);
  }
}

/** Checks the fields every consumer relies on, naming the file when one is wrong. */
export function validateDocument(value: unknown, file: string): StoredDocument {
  if (!isJsonObject(value)) throw new Error(`${file}: a document must be a JSON object`);
  for (const key of ["id", "type", "lang"] as const) {
    if (typeof value[key] !== "string" || value[key] === "") {
      throw new Error(`${file}: "${key}" must be a non-empty string`);
    }
  }
  if (!isJsonObject(value.data)) throw new Error(`${file}: "data" must be an object`);
  if (value.uid !== undefined && value.uid !== null && typeof value.uid !== "string") {
    throw new Error(`${file}: "uid" must be a string or null`);
  }
  return {
    uid: null,
    tags: [],
    slugs: [],
    linked_documents: [],
    alternate_languages: [],
    first_publication_date: null,
    last_publication_date: null,
    ...(value as object),
  } as unknown as StoredDocument;
}

function validateMeta(value: unknown, file: string): RepositoryMeta {
  if (!isJsonObject(value) || typeof value.repositoryName !== "string") {
    throw new Error(`${file}: "repositoryName" must be a string`);
  }
  if (!Array.isArray(value.languages) || value.languages.length === 0) {
    throw new Error(
      `${file}: "languages" must list at least one language (the first is the master language)`,
    );
  }
  return {
    bookmarks: {},
    types: {},
    ...(value as object),
  } as RepositoryMeta;
}

async function readDocuments(files: string[]): Promise<{ docs: Map<string, StoredDocument>; raw: string[] }> {
  const docs = new Map<string, StoredDocument>();
  const raw: string[] = [];
  for (const file of files) {
    const json = await readJson(file);
    const doc = validateDocument(json.value, file);
    if (docs.has(doc.id)) throw new Error(`${file}: duplicate document id "${doc.id}"`);
    docs.set(doc.id, doc);
    raw.push(json.raw);
  }
  return { docs, raw };
}

/** Reads a whole repository folder into a snapshot. Throws a clear error naming a bad file. */
export async function loadSnapshot(
  dir: string,
  { previewSecret = unguessableSecret() }: { previewSecret?: string } = {},
): Promise<ContentSnapshot> {
  const metaFile = path.join(dir, "repository.json");
  const meta = validateMeta((await readJson(metaFile)).value, metaFile);
  const published = await readDocuments(await jsonFilesIn(path.join(dir, "documents")));
  const masterRef = makeRef("master", ...published.raw);

  const releases: Release[] = [];
  for (const releaseDir of await releaseDirs(dir)) {
    const releaseFile = path.join(releaseDir, "release.json");
    const info = (await readJson(releaseFile)).value;
    if (!isJsonObject(info) || typeof info.id !== "string" || typeof info.label !== "string") {
      throw new Error(`${releaseFile}: "id" and "label" must be strings`);
    }
    const changes = await readDocuments(await jsonFilesIn(path.join(releaseDir, "documents")));
    releases.push({
      id: info.id,
      label: info.label,
      ref: releaseRef(previewSecret, info.id),
      documents: changes.docs,
    });
  }
  return { meta, masterRef, published: published.docs, releases };
}

/**
 * Serves snapshots of a content folder and notices edits: at most every
 * `checkIntervalMs` it compares file stamps and reloads when they changed. A
 * broken edit is reported and the last good snapshot stays in service.
 */
export class ContentStore {
  readonly dir: string;
  private readonly checkIntervalMs: number;
  private readonly onError: ErrorReporter;
  private readonly previewSecret: string;
  private current: ContentSnapshot | undefined;
  private signature = "";
  private lastCheck = 0;
  private pending: Promise<ContentSnapshot> | undefined;

  constructor(options: ContentStoreOptions) {
    this.dir = path.resolve(options.dir);
    this.checkIntervalMs = options.checkIntervalMs ?? 1000;
    this.onError = options.onError;
    this.previewSecret = options.previewSecret ?? unguessableSecret();
  }

  /** `fresh` skips the interval: an editor previewing a draft must see the edit just saved. */
  async snapshot({ fresh = false }: { fresh?: boolean } = {}): Promise<ContentSnapshot> {
    if (this.current && !fresh && Date.now() - this.lastCheck < this.checkIntervalMs) return this.current;
    this.pending ??= this.refresh().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  /** Makes the next read check the files (a publish webhook must not wait for the interval). */
  markStale(): void {
    this.lastCheck = 0;
  }

  private async refresh(): Promise<ContentSnapshot> {
    this.lastCheck = Date.now();
    try {
      const signature = signatureOf(await stampFiles(await listContentFiles(this.dir)));
      if (this.current && signature === this.signature) return this.current;
      this.current = await loadSnapshot(this.dir, { previewSecret: this.previewSecret });
      this.signature = signature;
    } catch (error) {
      if (!this.current) throw error;
      this.onError(`reload of ${this.dir} failed`, error);
    }
    return this.current;
  }
}
