import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * What the site must show, read from the bundled content repository (the
 * published documents; releases are drafts): every page's path, <title>, h1
 * and alternates per language. Only the route table and the languages' URL
 * prefixes are the site's own; everything else comes from content.
 */

const ROOT = path.resolve(__dirname, "../..");
const CONTENT_DIR = path.resolve(ROOT, process.env.CONTENT_DIR ?? "content");

export type Lang = "fr" | "en";

/** The site's languages: French (the master language) at the root paths, English under /en (docs/product.md#languages-and-addresses). */
export const LANGS: Record<Lang, { prismic: string; prefix: string }> = {
  fr: { prismic: "fr-fr", prefix: "" },
  en: { prismic: "en-gb", prefix: "/en" },
};

/**
 * The site's meta description, the home page's in each language: the product's
 * sentence (docs/product.md#who-it-is-for) word for word in English, its French translation in French.
 */
export const SITE_DESCRIPTION: Record<Lang, string> = {
  en: "Creative storytellers mixing artists, marketers, scientists and tech-geeks to create brand content and entertainment for all media and audiences.",
  fr: "Des conteurs créatifs qui réunissent artistes, marketeurs, scientifiques et geeks de la tech pour créer du contenu de marque et du divertissement pour tous les médias et tous les publics.",
};

/** Document type -> site path before the language's prefix: one for every language, or one per language. */
const ROUTES: Record<string, string | Record<Lang, string>> = {
  home_page: "/",
  works_page: "/works",
  works_completed_page: "/works-completed",
  works_in_production_page: "/works-in-production",
  project: "/works/:uid",
  contact_page: "/contact",
  legals_page: "/legals",
  accessibility_page: { fr: "/accessibilite", en: "/accessibility" },
};

export interface Span {
  start: number;
  end: number;
  type: string;
  data?: Link;
}

export interface Block {
  type: string;
  text?: string;
  spans?: Span[];
  linkTo?: Link;
  alt?: string | null;
}

export interface Link {
  link_type: string;
  id?: string;
  url?: string;
}

export interface Slice {
  slice_type: string;
  primary: Record<string, unknown>;
}

export interface Doc {
  id: string;
  uid: string | null;
  type: string;
  lang: string;
  alternate_languages: Array<{ id: string; type: string; lang: string; uid?: string }>;
  // Each type's fields are read where a test needs them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: Record<string, any>;
}

/** The documents of a folder of the content repository (documents/, or a release's documents/). */
export function readDocuments(folder: string): Doc[] {
  const dir = path.join(CONTENT_DIR, folder);
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), "utf8")) as Doc);
}

export const documents = readDocuments("documents");

const byId = new Map(documents.map((doc) => [doc.id, doc]));

export function langOf(prismicLang: string): Lang | undefined {
  return (Object.keys(LANGS) as Lang[]).find((lang) => LANGS[lang].prismic === prismicLang);
}

/** A document's path on the site, or null when its type has no page. */
export function documentPath(doc: { type: string; uid?: string | null; lang: string }): string | null {
  const routes = ROUTES[doc.type];
  const lang = langOf(doc.lang);
  if (!routes || !lang) return null;
  const route = typeof routes === "string" ? routes : routes[lang];
  const path = route.replace(":uid", doc.uid ?? "");
  return LANGS[lang].prefix + (path === "/" && LANGS[lang].prefix ? "" : path);
}

export function homePath(lang: Lang): string {
  return LANGS[lang].prefix || "/";
}

/** Where a link field points: a document's path (or /not-found when broken), or a web URL. */
export function linkHref(link: Link): string | null {
  if (link.link_type === "Document" && link.id) {
    const target = byId.get(link.id);
    return target ? documentPath(target) : "/not-found";
  }
  return link.url ?? null;
}

export function single(type: string, lang: Lang): Doc {
  const doc = documents.find(
    (candidate) => candidate.type === type && candidate.lang === LANGS[lang].prismic,
  );
  if (!doc) throw new Error(`No ${type} document in ${lang}`);
  return doc;
}

export function byUid(type: string, uid: string): Doc {
  const doc = documents.find((candidate) => candidate.type === type && candidate.uid === uid);
  if (!doc) throw new Error(`No ${type} with uid ${uid}`);
  return doc;
}

export function projects(lang: Lang, status?: string): Doc[] {
  return documents.filter(
    (doc) =>
      doc.type === "project" && doc.lang === LANGS[lang].prismic && (!status || doc.data.status === status),
  );
}

/** The plain text of a rich text field (blocks joined by a space). */
export function asText(field: Block[] | null | undefined): string {
  return (field ?? [])
    .map((block) => block.text ?? "")
    .filter(Boolean)
    .join(" ");
}

/** The translations document's text for "group.key" (a group's first item), as the site flattens it. */
export function translation(lang: Lang, key: string): string {
  const [group, field] = key.split(".");
  const value = single("translations", lang).data[group]?.[0]?.[field];
  if (typeof value !== "string") throw new Error(`No translation ${key} in ${lang}`);
  return value;
}

export function companyName(lang: Lang): string {
  return single("settings", lang).data.company_name as string;
}

/** The text of a page's main heading (h1). */
function headingOf(doc: Doc): string {
  if (doc.type === "home_page") {
    const hero = (doc.data.slices as Slice[]).find((slice) => slice.slice_type === "hero");
    return asText(hero?.primary.heading as Block[]);
  }
  return typeof doc.data.title === "string" ? doc.data.title : asText(doc.data.title);
}

export interface PageExpectation {
  doc: Doc;
  lang: Lang;
  path: string;
  /** The h1 text. */
  heading: string;
  /** The document title: the production name on the home page, "<page title> — <name>" elsewhere. */
  title: string;
  /** The page's path in each language it exists in (its own included). */
  alternates: Partial<Record<Lang, string>>;
}

export function expectationFor(doc: Doc): PageExpectation {
  const lang = langOf(doc.lang)!;
  const heading = headingOf(doc);
  const alternates: Partial<Record<Lang, string>> = {};
  for (const entry of [doc, ...doc.alternate_languages]) {
    const entryLang = langOf(entry.lang);
    const target = byId.get(entry.id);
    if (entryLang && target) alternates[entryLang] = documentPath(target)!;
  }
  return {
    doc,
    lang,
    path: documentPath(doc)!,
    heading,
    title: doc.type === "home_page" ? companyName(lang) : `${heading} — ${companyName(lang)}`,
    alternates,
  };
}

/** Every page of the site (each document with a route), French first, in route-table order. */
export const pages: PageExpectation[] = (Object.keys(LANGS) as Lang[]).flatMap((lang) =>
  Object.keys(ROUTES).flatMap((type) =>
    documents
      .filter((doc) => doc.type === type && doc.lang === LANGS[lang].prismic)
      .sort((a, b) => (a.uid ?? "").localeCompare(b.uid ?? ""))
      .map(expectationFor),
  ),
);

/** Every page type in both languages: each page that is not a work, and one work per language. */
export const firstVisitPaths: string[] = pages
  .filter(
    ({ doc, lang }, index) =>
      doc.type !== "project" ||
      pages.findIndex((other) => other.doc.type === "project" && other.lang === lang) === index,
  )
  .map(({ path }) => path);

export function pageAt(pathname: string): PageExpectation {
  const page = pages.find((candidate) => candidate.path === pathname);
  if (!page) throw new Error(`No page at ${pathname}`);
  return page;
}

/** A file-name-safe name for a page, e.g. "en_works_electric", "fr_home". */
export function pageSlug(page: PageExpectation): string {
  const path = page.path.replace(/^\/en(?=\/|$)/, "").replace(/^\/$/, "");
  return `${page.lang}${path.replace(/\//g, "_") || "_home"}`;
}
