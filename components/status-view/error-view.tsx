"use client";

import Link from "next/link";
import { useEffect } from "react";

import { useSite } from "@/components/site-context/site-context";
import { shouldReloadForChunkError, statusCodeOf } from "@/lib/errors/chunk-reload";
import { homePath } from "@/lib/i18n/locales";

import { StatusHeader } from "./status-header";
import styles from "./status-view.module.css";

/** The error page: the status code (default 500), a retry and a way home; chunk failures reload once. */
export function ErrorView({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const { lang, t } = useSite();

  useEffect(() => {
    if (shouldReloadForChunkError(error, window.location.pathname, window.sessionStorage)) {
      window.location.reload();
    }
  }, [error]);

  return (
    <>
      <StatusHeader />
      <main id="main" tabIndex={-1} className={styles.main}>
        <p className={styles.code}>{statusCodeOf(error)}</p>
        <h1 className={styles.title}>{t["errors.error_title"]}</h1>
        <p className={styles.subtitle}>{t["errors.error_message"]}</p>
        <div className={styles.actions}>
          <button type="button" className={styles.button} onClick={() => reset()}>
            {t["errors.retry"]}
          </button>
          <Link href={homePath(lang)} className={styles.secondary}>
            {t["errors.go_home"]}
          </Link>
        </div>
      </main>
    </>
  );
}
