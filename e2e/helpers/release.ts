import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { makeRef } from "../../lib/content-api/content-store";

/** The bundled draft release and the preview links editors use for it (as the README documents). */
const ROOT = path.resolve(__dirname, "../..");
const RELEASE_ID = "spring-launch";

interface Doc {
  id: string;
  uid: string | null;
  type: string;
  lang: string;
  data: Record<string, unknown>;
}

function readDocs(dir: string): Doc[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), "utf8")) as Doc);
}

export const published = readDocs(path.join(ROOT, "content/documents"));
export const releaseDocs = readDocs(path.join(ROOT, "content/releases", RELEASE_ID, "documents"));
const publishedIds = new Set(published.map((doc) => doc.id));

export const releaseRef = makeRef("release", RELEASE_ID);
export const previewToken = `https://vif-argent.prismic.io/previews/${releaseRef}?websitePreviewId=${releaseRef}`;

export function previewLink(documentId: string, token = previewToken): string {
  return `/preview/?token=${encodeURIComponent(token)}&documentId=${encodeURIComponent(documentId)}`;
}

/** The French project the release changes, with its published and draft versions. */
export const changedProject = (() => {
  const draft = releaseDocs.find(
    (doc) => doc.type === "project" && doc.lang === "fr-fr" && publishedIds.has(doc.id),
  )!;
  const live = published.find((doc) => doc.id === draft.id)!;
  return {
    id: draft.id,
    uid: draft.uid!,
    draftTitle: String(draft.data.title),
    liveTitle: String(live.data.title),
  };
})();

/** The French project that exists only in the release. */
export const unpublishedProject = (() => {
  const draft = releaseDocs.find(
    (doc) => doc.type === "project" && doc.lang === "fr-fr" && !publishedIds.has(doc.id),
  )!;
  return { id: draft.id, uid: draft.uid!, title: String(draft.data.title) };
})();

export function heroHeading(doc: Doc): string {
  const slices = doc.data.slices as Array<{
    slice_type: string;
    primary: { heading: Array<{ text: string }> };
  }>;
  return slices.find((slice) => slice.slice_type === "hero")!.primary.heading[0].text;
}

export const homeDraft = releaseDocs.find((doc) => doc.type === "home_page" && doc.lang === "fr-fr")!;
export const homeLive = published.find((doc) => doc.type === "home_page" && doc.lang === "fr-fr")!;
