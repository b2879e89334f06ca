import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

import { previewTokenFor, releaseRef } from "@vifargent/content-api";

/**
 * The preview links of a bundled release (`npm run preview:link`): what an editor opens to see the
 * release on the site. The release's ref is derived from CONTENT_PREVIEW_SECRET, so only someone
 * who holds the secret can print them; nobody can build one from the release's name.
 */

export interface ReleaseDocument {
  id: string;
  uid: string | null;
  type: string;
  lang: string;
}

export interface PreviewLink extends ReleaseDocument {
  link: string;
}

export class PreviewLinkError extends Error {
  override name = "PreviewLinkError";
}

/** The site's /preview link for one document of a release. */
export function previewLink(siteUrl: string, token: string, documentId: string): string {
  const url = new URL("/preview", siteUrl);
  url.searchParams.set("token", token);
  url.searchParams.set("documentId", documentId);
  return url.href;
}

interface ReleaseFolder {
  id: string;
  label: string;
  documents: ReleaseDocument[];
}

async function readJson(file: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
}

/** Every release of the repository in `contentDir`: its id, label and documents. */
export async function readReleases(contentDir: string): Promise<ReleaseFolder[]> {
  const root = path.join(contentDir, "releases");
  const folders = (await readdir(root, { withFileTypes: true }).catch(() => [])).filter((entry) =>
    entry.isDirectory(),
  );
  return Promise.all(
    folders.map(async (folder) => {
      const dir = path.join(root, folder.name);
      const info = await readJson(path.join(dir, "release.json"));
      const files = (await readdir(path.join(dir, "documents")).catch(() => [])).filter((name) =>
        name.endsWith(".json"),
      );
      const documents = await Promise.all(
        files.map(async (name) => {
          const doc = await readJson(path.join(dir, "documents", name));
          return {
            id: String(doc.id),
            uid: typeof doc.uid === "string" ? doc.uid : null,
            type: String(doc.type),
            lang: String(doc.lang),
          };
        }),
      );
      return { id: String(info.id), label: String(info.label), documents };
    }),
  );
}

export interface PreviewLinkRequest {
  releases: ReleaseFolder[];
  /** The release, by id or label. */
  release: string;
  /** One document, by id or uid; unset, every document of the release. */
  document?: string;
  secret: string | undefined;
  repositoryName: string;
  siteUrl: string;
}

/** The links asked for, or a PreviewLinkError saying what is missing and what exists. */
export function previewLinks(request: PreviewLinkRequest): PreviewLink[] {
  const { releases, secret, repositoryName, siteUrl } = request;
  if (!secret) {
    throw new PreviewLinkError(
      "CONTENT_PREVIEW_SECRET is not set: release refs are derived from it (set the same value as the site's)",
    );
  }
  const release = releases.find(
    (candidate) => candidate.id === request.release || candidate.label === request.release,
  );
  if (!release) {
    const known = releases.map((candidate) => `${candidate.id} ("${candidate.label}")`).join(", ");
    throw new PreviewLinkError(`No release "${request.release}". Releases: ${known || "none"}`);
  }
  const documents = request.document
    ? release.documents.filter((doc) => doc.id === request.document || doc.uid === request.document)
    : release.documents;
  if (documents.length === 0) {
    throw new PreviewLinkError(
      `No document "${request.document}" in release ${release.id}; its documents: ${release.documents
        .map((doc) => doc.uid ?? doc.id)
        .join(", ")}`,
    );
  }
  const token = previewTokenFor(repositoryName, releaseRef(secret, release.id));
  return documents.map((doc) => ({ ...doc, link: previewLink(siteUrl, token, doc.id) }));
}
