import { SiteLink } from "@/components/site-link/site-link";
import type { ReactNode } from "react";

import { homePath, type Lang } from "@/lib/i18n/locales";
import type { StatusText } from "@/lib/i18n/status-text";

import styles from "./status-view.module.css";

/** The error page's main landmark: the status code, what happened, a retry and a way home. */
export function ErrorMessage({
  lang,
  t,
  code,
  retry,
}: {
  lang: Lang;
  t: StatusText;
  code: number;
  /** The retry control: a button that re-renders in the browser, or a plain link that reloads. */
  retry: ReactNode;
}) {
  return (
    <main id="main" tabIndex={-1} className={styles.main}>
      {/* The heading says what happened; the large code is decoration, as on the 404 page. */}
      <p className={styles.code} aria-hidden="true">
        {code}
      </p>
      <h1 className={styles.title}>{t["errors.error_title"]}</h1>
      <p className={styles.subtitle}>{t["errors.error_message"]}</p>
      <div className={styles.actions}>
        {retry}
        <SiteLink href={homePath(lang)} className={styles.secondary}>
          {t["errors.go_home"]}
        </SiteLink>
      </div>
    </main>
  );
}
