import { seededRandom } from "./seeded";
import { makeRef } from "./content-store";
import { isJsonObject, type JsonObject, type JsonValue, type StoredDocument } from "./types";

/**
 * Generated projects for scale tests: deterministic, valid documents that
 * reuse the source repository's covers, and the source's other documents with
 * links to its projects pointed at generated ones.
 */

const TITLE_WORDS = [
  ["Echo", "Écho"],
  ["Tide", "Marée"],
  ["Ember", "Braise"],
  ["Signal", "Signal"],
  ["Horizon", "Horizon"],
  ["Mirage", "Mirage"],
  ["Orbit", "Orbite"],
  ["Atlas", "Atlas"],
  ["Lantern", "Lanterne"],
  ["Harbour", "Port"],
  ["Velvet", "Velours"],
  ["Summit", "Sommet"],
];
const CATEGORIES = ["brand content", "series", "documentary", "film", "podcast", "music video", "animation"];
const CLIENTS = ["Maison Lumen", "Nordwave", "Atelier Sable", "Cobalt Motors", "Fjord Audio", "Helio Foods"];

function paragraph(text: string): JsonValue {
  return [{ type: "paragraph", text, spans: [], direction: "ltr" }];
}

/** Replaces links to documents that are not kept with links to generated projects. */
function relink(value: JsonValue, keep: Set<string>, next: () => string): JsonValue {
  if (Array.isArray(value)) return value.map((item) => relink(item, keep, next));
  if (!isJsonObject(value)) return value;
  if (value.link_type === "Document" && typeof value.id === "string" && !keep.has(value.id)) {
    return { link_type: "Document", id: next() };
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, relink(item, keep, next)]));
}

export function generateProjects(
  sourceDocs: StoredDocument[],
  count: number,
): { documents: StoredDocument[] } {
  const rand = seededRandom(count);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const covers = sourceDocs
    .filter((doc) => doc.type === "project" && isJsonObject(doc.data.cover) && doc.data.cover.url)
    .map((doc) => doc.data.cover as JsonObject);
  if (covers.length === 0) throw new Error("the source repository has no project with a cover to reuse");

  const projects: StoredDocument[] = [];
  const idsByLang: Record<string, string[]> = { "fr-fr": [], "en-gb": [] };
  for (let n = 1; n <= count; n++) {
    const number = String(n).padStart(5, "0");
    const [en, fr] = pick(TITLE_WORDS);
    const status = rand() < 0.7 ? "completed" : "in production";
    const year = 2015 + Math.floor(rand() * 12);
    const category = pick(CATEGORIES);
    const client = pick(CLIENTS);
    const cover = covers[n % covers.length];
    const published = new Date(Date.UTC(2020, 0, 1) + n * 3_600_000)
      .toISOString()
      .replace(/\.\d{3}Z$/, "+0000");
    const ids = {
      "fr-fr": makeRef("generated", number, "fr-fr"),
      "en-gb": makeRef("generated", number, "en-gb"),
    };
    idsByLang["fr-fr"].push(ids["fr-fr"]);
    idsByLang["en-gb"].push(ids["en-gb"]);
    for (const lang of ["fr-fr", "en-gb"] as const) {
      const other = lang === "fr-fr" ? "en-gb" : "fr-fr";
      const title = `${lang === "fr-fr" ? fr : en} ${number}`;
      const uid = `${lang === "fr-fr" ? "projet" : "work"}-${number}`;
      projects.push({
        id: ids[lang],
        uid,
        type: "project",
        tags: [category.replace(/\s+/g, "-")],
        lang,
        first_publication_date: published,
        last_publication_date: published,
        slugs: [uid],
        linked_documents: [],
        alternate_languages: [
          {
            id: ids[other],
            type: "project",
            lang: other,
            uid: `${other === "fr-fr" ? "projet" : "work"}-${number}`,
          },
        ],
        data: {
          title,
          client,
          year,
          status,
          categories: [{ category }],
          cover: { ...cover, alt: title },
          teaser: {},
          teaser_loop: { link_type: "Any" },
          summary: paragraph(`${title}: ${category} for ${client}, ${year}.`),
          credits: [{ role: lang === "fr-fr" ? "Réalisation" : "Director", name: "Vif Argent" }],
          featured: n <= 6,
          slices: [],
          meta_title: title,
          meta_description: `${title} — ${client}`,
          meta_image: {},
        },
      });
    }
  }

  const kept = sourceDocs.filter((doc) => doc.type !== "project");
  const keep = new Set(kept.map((doc) => doc.id));
  const relinked = kept.map((doc) => {
    // Each document links to generated projects of its own language, in order.
    const ids = idsByLang[doc.lang] ?? idsByLang["fr-fr"];
    let cursor = 0;
    return { ...doc, data: relink(doc.data, keep, () => ids[cursor++ % ids.length]) as JsonObject };
  });
  return { documents: [...relinked, ...projects] };
}
