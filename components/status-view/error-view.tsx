"use client";

import { useEffect } from "react";

import { useSite } from "@/components/site-context/site-context";
import { shouldReloadForChunkError, statusCodeOf } from "@/lib/errors/chunk-reload";

import { ErrorMessage } from "./error-message";
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
      <ErrorMessage
        lang={lang}
        t={t}
        code={statusCodeOf(error)}
        retry={
          <button type="button" className={styles.button} onClick={() => reset()}>
            {t["errors.retry"]}
          </button>
        }
      />
    </>
  );
}
