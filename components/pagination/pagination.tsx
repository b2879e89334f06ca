import { SiteLink } from "@/components/site-link/site-link";

import type { Translations } from "@/lib/i18n/default-translations";
import { pageWindow } from "@/lib/site/page-window";

import styles from "./pagination.module.css";

/**
 * A list's pages as plain links (they work without JavaScript): previous, the
 * page numbers around the current one, next. `href(n)` gives page n's URL; the current page is marked.
 */
export function Pagination({
  page,
  totalPages,
  href,
  t,
}: {
  page: number;
  totalPages: number;
  href: (page: number) => string;
  t: Translations;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t["works.pagination"]} className={styles.pagination}>
      {page > 1 ? (
        <SiteLink href={href(page - 1)} rel="prev" className={styles.step}>
          {t["works.previous_page"]}
        </SiteLink>
      ) : null}
      <ol className={styles.pages}>
        {pageWindow(page, totalPages).map((n, index) => (
          <li key={n ?? `gap-${index}`}>
            {n === null ? (
              <span aria-hidden="true" className={styles.gap}>
                …
              </span>
            ) : n === page ? (
              <span aria-current="page" className={styles.current}>
                <span className="visually-hidden">{t["works.page"]} </span>
                {n}
              </span>
            ) : (
              <SiteLink href={href(n)} className={styles.page}>
                <span className="visually-hidden">{t["works.page"]} </span>
                {n}
              </SiteLink>
            )}
          </li>
        ))}
      </ol>
      {page < totalPages ? (
        <SiteLink href={href(page + 1)} rel="next" className={styles.step}>
          {t["works.next_page"]}
        </SiteLink>
      ) : null}
    </nav>
  );
}
