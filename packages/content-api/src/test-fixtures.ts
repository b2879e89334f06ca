import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import type { StoredDocument } from "./types";

/**
 * The integration tests' fixture: the site's bundled repository at the workspace root,
 * realistic (every field type, two languages, a release) and what this API serves in production.
 */
export const FIXTURE_DIR = path.resolve(__dirname, "../../../content");

/** Reads a content folder's documents (published or a release's) straight from disk. */
export function readDocuments(dir: string): StoredDocument[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), "utf8")) as StoredDocument);
}

type FixtureLang = "fr-fr" | "en-gb";

/** Each type's path: one for both languages, or one per language (the accessibility statement's). */
const PAGE_PATHS: Record<string, string | Record<FixtureLang, string>> = {
  home_page: "/",
  works_page: "/works",
  works_completed_page: "/works-completed",
  works_in_production_page: "/works-in-production",
  contact_page: "/contact",
  legals_page: "/legals",
  accessibility_page: { "fr-fr": "/accessibilite", "en-gb": "/accessibility" },
  project: "/works/:uid",
};

/** The site's route resolvers for the fixture: French at the root, English under /en. */
export const FIXTURE_ROUTES = (
  [
    ["fr-fr", ""],
    ["en-gb", "/en"],
  ] as const
).flatMap(([lang, prefix]) =>
  Object.entries(PAGE_PATHS).map(([type, paths]) => {
    const path = typeof paths === "string" ? paths : paths[lang];
    return { type, lang, path: path === "/" ? prefix || "/" : `${prefix}${path}` };
  }),
);

/** Where the site sends broken links. */
export const FIXTURE_BROKEN_ROUTE = "/not-found";
