import { readFileSync } from "node:fs";
import path from "node:path";

import { DEFAULT_TRANSLATIONS } from "@/lib/i18n/default-translations";
import { LANGS } from "@/lib/i18n/locales";
import { categoryOfSlug, categorySlug, WORK_CATEGORIES } from "@/lib/site/work-categories";

describe("work categories", () => {
  test("are the project model's options, in its order", () => {
    const model = JSON.parse(
      readFileSync(path.join(process.cwd(), "customtypes", "project", "index.json"), "utf8"),
    ) as {
      json: Record<
        string,
        Record<string, { config: { fields: { category: { config: { options: string[] } } } } }>
      >;
    };
    const group = Object.values(model.json).find((tab) => "categories" in tab)?.categories;
    expect(group?.config.fields.category.config.options).toEqual([...WORK_CATEGORIES]);
  });

  test("each has a slug of its own that names it back, and a label in every language", () => {
    const slugs = WORK_CATEGORIES.map(categorySlug);
    expect(new Set(slugs).size).toBe(WORK_CATEGORIES.length);
    for (const [index, slug] of slugs.entries()) {
      expect(slug).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
      expect(categoryOfSlug(slug)).toBe(WORK_CATEGORIES[index]);
    }
    expect(categorySlug("brand content")).toBe("brand-content");
    expect(categoryOfSlug("brand content")).toBeUndefined();
    expect(categoryOfSlug("constructor")).toBeUndefined();
    for (const lang of LANGS) {
      for (const category of WORK_CATEGORIES) {
        expect(Object.keys(DEFAULT_TRANSLATIONS[lang])).toContain(
          `categories.${category.replace(/ /g, "_")}`,
        );
      }
    }
  });
});
