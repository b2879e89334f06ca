import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { LANGS } from "@/lib/i18n/locales";
import { PAGE_TYPE_NAMES, pagePublicPath } from "@/lib/site/page-types";

import { auditedWork, auditPages } from "./audit-pages";

const ROOT = path.resolve(__dirname, "../../..");

describe("the pages the audit loads", () => {
  it("are every page type of the table in every language, a work and the 404 page", () => {
    const pages = auditPages({ fr: "un-film", en: "a-film" });
    expect(pages).toHaveLength(LANGS.length * (PAGE_TYPE_NAMES.length + 2));
    for (const lang of LANGS)
      for (const type of PAGE_TYPE_NAMES)
        expect(pages).toContainEqual({ path: pagePublicPath(type, lang), lang, pageType: type, status: 200 });
    expect(pages).toContainEqual({ path: "/works/un-film", lang: "fr", pageType: "work", status: 200 });
    expect(pages).toContainEqual({ path: "/en/works/a-film", lang: "en", pageType: "work", status: 200 });
    expect(pages).toContainEqual({ path: "/not-found", lang: "fr", pageType: "not_found", status: 404 });
    expect(pages).toContainEqual({ path: "/en/not-found", lang: "en", pageType: "not_found", status: 404 });
  });

  it("take the bundled repository's first French work (by uid) that exists in every language", () => {
    expect(auditedWork(path.join(ROOT, "content"))).toEqual({
      fr: "aurores-boreales",
      en: "northern-lights",
    });
  });

  it("say so when no work exists in every language", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "audit-pages-"));
    try {
      mkdirSync(path.join(dir, "documents"));
      const work = { type: "project", uid: "seul", lang: "fr-fr", alternate_languages: [] };
      writeFileSync(path.join(dir, "documents", "project.seul.fr-fr.json"), JSON.stringify(work));
      expect(() => auditedWork(dir)).toThrow(/No work in .* exists in every language \(fr, en\)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
