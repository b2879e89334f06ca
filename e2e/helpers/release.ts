import { previewTokenFor, releaseRef as refOf } from "@vifargent/content-api";

import { E2E_PREVIEW_SECRET } from "../site-env";

import { documents, readDocuments, type Doc } from "./content";

/** The bundled draft release and the preview links editors use for it (as the README documents). */
const RELEASE_ID = "spring-launch";

export const releaseDocs = readDocuments(`releases/${RELEASE_ID}/documents`);
const publishedIds = new Set(documents.map((doc) => doc.id));

/** The release's ref, as `npm run preview:link` derives it from the suite's secret. */
export const releaseRef = refOf(E2E_PREVIEW_SECRET, RELEASE_ID);
export const previewToken = previewTokenFor("vif-argent", releaseRef);

export function previewLink(documentId: string, token = previewToken): string {
  return `/preview/?token=${encodeURIComponent(token)}&documentId=${encodeURIComponent(documentId)}`;
}

/** The French project the release changes, with its published and draft versions. */
export const changedProject = (() => {
  const draft = releaseDocs.find(
    (doc) => doc.type === "project" && doc.lang === "fr-fr" && publishedIds.has(doc.id),
  )!;
  const live = documents.find((doc) => doc.id === draft.id)!;
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
export const homeLive = documents.find((doc) => doc.type === "home_page" && doc.lang === "fr-fr")!;
