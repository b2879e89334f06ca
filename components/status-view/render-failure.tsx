import type { ReactNode } from "react";
import { Suspense } from "react";

import type { Lang } from "@/lib/i18n/locales";
import type { StatusText } from "@/lib/i18n/status-text";

import { ErrorMessage } from "./error-message";
import { StatusHeader } from "./status-header";
import styles from "./status-view.module.css";

/**
 * Holds a page whose render fails on the server (the content service down, a
 * page never rendered before): the visitor gets the error page as real HTML,
 * with status 500 and nothing cached, instead of Next's empty error document
 * that only JavaScript fills in. Static renders wait for the whole page, so
 * this never shows while a page loads; error.tsx still handles the browser.
 */
export function RenderFailure({ lang, t, children }: { lang: Lang; t: StatusText; children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <>
          <StatusHeader />
          <ErrorMessage
            lang={lang}
            t={t}
            code={500}
            // Without JavaScript, the same address again.
            retry={
              <a href="" className={styles.button}>
                {t["errors.retry"]}
              </a>
            }
          />
        </>
      }
    >
      {children}
    </Suspense>
  );
}
