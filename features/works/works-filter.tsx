import { SiteLink } from "@/components/site-link/site-link";
import { faceWidth } from "@/lib/fonts/text-width";
import { categoryLabel, type Translations } from "@/lib/i18n/default-translations";
import type { WorkCategory } from "@/lib/site/work-categories";

import styles from "./works-filter.module.css";

/** The weight of the current filter's chip (works-filter.module.css); the others are the body's. */
const CURRENT_WEIGHT = 700;

export interface CategoryCount {
  category: WorkCategory;
  count: number;
}

/**
 * A works list's filter by category: plain links (they work without JavaScript), "all" first, then
 * each category that holds a work, with its count. The current filter is marked (`aria-current`:
 * "page" on its first page, where the link leads to the page shown, "true" on later ones)
 * and, when one is set, named beside a link that clears it. Nothing when no work has a category.
 */
export function WorksFilter({
  current,
  page,
  total,
  counts,
  href,
  t,
}: {
  current: WorkCategory | null;
  /** The list page shown: the current filter's link (to its first page) is this page only on page 1. */
  page: number;
  /** Works in the whole list, whatever their category. */
  total: number;
  counts: readonly CategoryCount[];
  /** The URL of the list's first page narrowed to a category, or not (null). */
  href: (category: WorkCategory | null) => string;
  t: Translations;
}) {
  const offered = counts.filter(({ count, category }) => count > 0 || category === current);
  if (offered.length === 0) return null;
  const items: Array<{ category: WorkCategory | null; label: string; count: number }> = [
    { category: null, label: t["works.filter_all"], count: total },
    ...offered.map(({ category, count }) => ({ category, label: categoryLabel(category, t), count })),
  ];
  return (
    <div className={styles.filter}>
      <nav aria-label={t["works.filter_label"]}>
        <ul className={styles.items}>
          {items.map(({ category, label, count }) => {
            const weight = category === current ? CURRENT_WEIGHT : 400;
            return (
              <li key={category ?? ""}>
                <SiteLink
                  href={href(category)}
                  className={styles.item}
                  aria-current={category === current ? (page === 1 ? "page" : "true") : undefined}
                >
                  {/* Label and count keep the room they take in the text face while a first
                      visit's stand-ins show: a chip a pixel wider when the face arrives would
                      push every chip after it on its row (a layout shift). */}
                  <span className={styles.held} style={faceWidth(label, { weight })}>
                    {label}
                  </span>{" "}
                  <span
                    className={`${styles.held} ${styles.count}`}
                    style={faceWidth(`(${count})`, { weight, tabularNums: true })}
                  >
                    ({count})
                  </span>
                </SiteLink>
              </li>
            );
          })}
        </ul>
      </nav>
      {current ? (
        <p className={styles.current}>
          {t["works.filter_current"].replace("{category}", categoryLabel(current, t))}{" "}
          <SiteLink href={href(null)} className={styles.clear}>
            {t["works.filter_clear"]}
          </SiteLink>
        </p>
      ) : null}
    </div>
  );
}
