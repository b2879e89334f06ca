import { SEARCH_FIELDS } from "./search";
import type { ContentSnapshot } from "./types";

/** GET /api/v2: refs, forms, bookmarks, tags, types, languages, experiments. */

const MULTIPLE_FIELDS = new Set(["q"]);
const FIELD_DEFAULTS: Record<string, string> = { page: "1", pageSize: "20" };
const INTEGER_FIELDS = new Set(["page", "pageSize"]);

function formFields() {
  return Object.fromEntries(
    SEARCH_FIELDS.filter((name) => !name.startsWith("x-")).map((name) => [
      name,
      {
        type: INTEGER_FIELDS.has(name) ? "Integer" : "String",
        multiple: MULTIPLE_FIELDS.has(name),
        ...(FIELD_DEFAULTS[name] ? { default: FIELD_DEFAULTS[name] } : {}),
      },
    ]),
  );
}

function publishedTags(snapshot: ContentSnapshot): string[] {
  const tags = new Set<string>();
  for (const doc of snapshot.published.values()) doc.tags.forEach((tag) => tags.add(tag));
  return [...tags].sort();
}

/** `releases`: list the releases' refs too (only to a request carrying the access token). */
export function describeRepository(
  snapshot: ContentSnapshot,
  origin: string,
  { releases }: { releases: boolean },
) {
  const { meta } = snapshot;
  return {
    refs: [
      { id: "master", ref: snapshot.masterRef, label: "Master", isMasterRef: true },
      ...(releases ? snapshot.releases : []).map((release) => ({
        id: release.id,
        ref: release.ref,
        label: release.label,
        isMasterRef: false,
      })),
    ],
    bookmarks: meta.bookmarks,
    types: meta.types,
    languages: meta.languages,
    tags: publishedTags(snapshot),
    forms: {
      everything: {
        method: "GET",
        enctype: "application/x-www-form-urlencoded",
        action: `${origin}/api/v2/documents/search`,
        fields: formFields(),
      },
    },
    experiments: { drafts: [], running: [] },
    oauth_initiate: `https://${meta.repositoryName}.prismic.io/auth`,
    oauth_token: `https://${meta.repositoryName}.prismic.io/auth/token`,
    version: snapshot.masterRef,
    license: "All Rights Reserved",
  };
}
