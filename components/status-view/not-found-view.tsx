import { SiteLink } from "@/components/site-link/site-link";

import { homePath, type Lang } from "@/lib/i18n/locales";
import type { StatusText } from "@/lib/i18n/status-text";

import styles from "./status-view.module.css";

/** The 404 message and a link to the home of the page's language; the caller adds the header. */
export function NotFoundView({ lang, t }: { lang: Lang; t: StatusText }) {
  return (
    <div className={styles.main}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>{t["errors.not_found_message"]}</h1>
      <p className={styles.subtitle}>{t["errors.not_found_title"]}</p>
      <SiteLink href={homePath(lang)} className={styles.button}>
        {t["errors.go_home"]}
      </SiteLink>
    </div>
  );
}
