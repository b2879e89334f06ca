/**
 * The kinds of work a project can be filed under: the options of the project model's
 * `categories` group (customtypes/project/index.json; a test holds the two together), each with
 * the slug a filtered list's URL names it by (`/works?category=brand-content`). The slug is the
 * same in every language: it names the model's value, as a work's uid names the work, and the
 * page shows the category's translated label.
 */
export const WORK_CATEGORIES = [
  "brand content",
  "series",
  "documentary",
  "film",
  "podcast",
  "music video",
  "live experience",
  "animation",
] as const;

export type WorkCategory = (typeof WORK_CATEGORIES)[number];

/** The model's field a category filter reads (a select in a repeatable group). */
export const CATEGORY_FIELD = "my.project.categories.category";

/** The URL query parameter of a list's category filter. */
export const CATEGORY_PARAM = "category";

/** A category's slug: its model value with hyphens for spaces ("brand content" → "brand-content"). */
export function categorySlug(category: WorkCategory): string {
  return category.replace(/ /g, "-");
}

const BY_SLUG: ReadonlyMap<string, WorkCategory> = new Map(
  WORK_CATEGORIES.map((category) => [categorySlug(category), category]),
);

/** The category a slug names, exactly as categorySlug writes it (any other spelling names none). */
export function categoryOfSlug(slug: string): WorkCategory | undefined {
  return BY_SLUG.get(slug);
}
