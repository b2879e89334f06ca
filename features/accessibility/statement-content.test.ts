import { readFileSync } from "node:fs";
import path from "node:path";

import { TRANSLATION_KEYS, DEFAULT_TRANSLATIONS } from "@/lib/i18n/default-translations";
import { flattenTranslations } from "@/lib/i18n/flatten-translations";
import { LANGS, prismicLang } from "@/lib/i18n/locales";

/**
 * The bundled repository's accessibility statement and the words of its audit block, held to their
 * models (customtypes/accessibility_page, customtypes/translations): every field an editor has is
 * written in both languages, the two documents are each other's translation, and the honest facts
 * the law asks for are there.
 */

const ROOT = path.resolve(__dirname, "../..");
const json = (...parts: string[]) => JSON.parse(readFileSync(path.join(ROOT, ...parts), "utf8"));

interface Block {
  type: string;
  text: string;
  spans: Array<{ type: string; data?: { link_type: string; url?: string; id?: string } }>;
}

const model = json("customtypes", "accessibility_page", "index.json");
const fields = Object.values(model.json as Record<string, Record<string, { type: string }>>).flatMap((tab) =>
  Object.entries(tab),
);
const statement = (lang: (typeof LANGS)[number]) =>
  json("content", "documents", `accessibility_page.accessibility_page.${prismicLang(lang)}.json`);
const text = (blocks: Block[]) => blocks.map((block) => block.text).join("\n");

describe.each(LANGS)("the bundled statement (%s)", (lang) => {
  const doc = statement(lang);

  test("fills every field of its model, and nothing else", () => {
    expect(Object.keys(doc.data).sort()).toEqual(fields.map(([name]) => name).sort());
    for (const [name, field] of fields) {
      const value = doc.data[name];
      if (field.type === "StructuredText") expect(text(value).trim()).not.toBe("");
      else if (field.type === "Text") expect(value).toEqual(expect.stringMatching(/\S/));
      else expect(value).toHaveProperty("url");
    }
    expect(doc.data.title).toEqual([expect.objectContaining({ type: "heading1" })]);
  });

  test("is the translation of the other language's", () => {
    const others = LANGS.filter((other) => other !== lang).map(statement);
    expect(doc.alternate_languages).toEqual(
      others.map((other) => ({ id: other.id, type: "accessibility_page", lang: other.lang })),
    );
  });

  test("says plainly the site is not compliant, and names the Défenseur des droits' three ways", () => {
    expect(text(doc.data.status)).toMatch(lang === "fr" ? /non conforme/ : /not compliant/);
    const remedies = doc.data.remedies as Block[];
    expect(text(remedies)).toContain("Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07");
    const links = remedies.flatMap((block) => block.spans.flatMap((span) => span.data?.url ?? []));
    expect(links).toEqual([
      "https://formulaire.defenseurdesdroits.fr/",
      "https://www.defenseurdesdroits.fr/saisir/delegues",
    ]);
  });

  test("tells how to report a barrier: an address to write to and the contact page", () => {
    const spans = (doc.data.contact as Block[]).flatMap((block) => block.spans);
    expect(spans.some((span) => span.data?.url?.startsWith("mailto:"))).toBe(true);
    const contactPage = json("content", "documents", `contact_page.contact_page.${prismicLang(lang)}.json`);
    expect(spans.some((span) => span.data?.id === contactPage.id)).toBe(true);
  });
});

describe.each(LANGS)("the translations document (%s)", (lang) => {
  const keys = TRANSLATION_KEYS.filter(
    (key) => key.startsWith("accessibility.") || key === "common.accessibility",
  );
  const document = flattenTranslations(
    json("content", "documents", `translations.translations.${prismicLang(lang)}.json`).data,
  );

  test("has the footer's link and every word of the audit block, each a field of its model", () => {
    const groups = json("customtypes", "translations", "index.json").json.Main;
    for (const key of keys) {
      const [group, field] = key.split(".");
      expect(groups[group]?.config.fields).toHaveProperty(field);
      expect(document[key]).toBe(DEFAULT_TRANSLATIONS[lang][key]);
    }
  });

  test("the footer's link says the compliance status", () => {
    expect(document["common.accessibility"]).toMatch(lang === "fr" ? /non conforme/ : /not compliant/);
  });
});
