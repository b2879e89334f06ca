"use client";

import { useSite } from "@/components/site-context/site-context";
import { statusCodeOf } from "@/lib/errors/chunk-reload";

import { ErrorMessage } from "./error-message";
import { StatusHeader } from "./status-header";
import styles from "./status-view.module.css";

/** The error page: the status code (default 500), a retry and a way home (app/[lang]/error.tsx reloads on chunk failures). */
export function ErrorView({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const { lang, t } = useSite();

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
