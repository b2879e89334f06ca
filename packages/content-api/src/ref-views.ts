import { previewTokenExpired, previewTokenInvalid, refNotFound } from "./errors";
import type { ContentSnapshot, Release, StoredDocument } from "./types";

/**
 * What a ref sees: the master ref sees the published documents; a release ref
 * (or a preview token naming it) sees them with the release's changes applied. A preview token
 * names a release, never the master ref.
 */
export interface RefView {
  ref: string;
  release: Release | undefined;
  documents: Map<string, StoredDocument>;
}

const views = new WeakMap<ContentSnapshot, Map<string, RefView>>();

/**
 * Prismic's preview token form:
 * https://<repositoryName>.prismic.io/previews/<release ref>?websitePreviewId=<release ref>
 */
function releaseRefFromPreviewToken(token: string, repositoryName: string): string {
  let url: URL;
  try {
    url = new URL(token);
  } catch {
    throw previewTokenInvalid();
  }
  const match = /^\/previews\/([^/]+)$/.exec(url.pathname);
  if (url.hostname !== `${repositoryName}.prismic.io` || !match) throw previewTokenInvalid();
  return decodeURIComponent(match[1]);
}

function buildView(snapshot: ContentSnapshot, release: Release | undefined): RefView {
  if (!release) return { ref: snapshot.masterRef, release, documents: snapshot.published };
  const documents = new Map(snapshot.published);
  for (const [id, doc] of release.documents) documents.set(id, doc);
  return { ref: release.ref, release, documents };
}

export function viewForRef(snapshot: ContentSnapshot, ref: string): RefView {
  let cache = views.get(snapshot);
  if (!cache) views.set(snapshot, (cache = new Map()));
  const cached = cache.get(ref);
  if (cached) return cached;

  const isPreviewToken = /^https?:\/\//.test(ref);
  const releaseRef = isPreviewToken ? releaseRefFromPreviewToken(ref, snapshot.meta.repositoryName) : ref;
  let view: RefView;
  if (releaseRef === snapshot.masterRef) {
    // A preview shows a release: a token naming the master ref (computable by anyone who has the
    // content files) would open an editor's draft session on the published content.
    if (isPreviewToken) throw previewTokenInvalid();
    view = buildView(snapshot, undefined);
  } else {
    const release = snapshot.releases.find((r) => r.ref === releaseRef);
    if (!release) throw isPreviewToken ? previewTokenExpired() : refNotFound(snapshot.masterRef);
    view = buildView(snapshot, release);
  }
  cache.set(ref, view);
  return view;
}

/** The preview token the bundled repository issues for a release, in Prismic's form. */
export function previewTokenFor(repositoryName: string, releaseRef: string): string {
  return `https://${repositoryName}.prismic.io/previews/${releaseRef}?websitePreviewId=${releaseRef}`;
}
