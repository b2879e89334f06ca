import { Suspense } from "react";

import type { Lang } from "@/lib/i18n/locales";
import type { StatusText } from "@/lib/i18n/status-text";

import { ErrorMessage } from "./error-message";
import { StatusHeader } from "./status-header";
import styles from "./status-view.module.css";

function Rethrow({ error }: { error: unknown }): never {
  throw error;
}

/**
 * What a page renders when its content could not be read. The error is thrown
 * again inside a Suspense boundary: Next still answers 500 and caches nothing
 * (a cached page keeps its last good version), but the boundary's fallback, the
 * error page, is in the server's HTML, where a failure thrown outside any boundary
 * leaves Next's empty error document that only JavaScript fills in. Only a failed
 * page has this boundary; a good page renders whole, as before.
 */
export function FailedRender({ error, lang, t }: { error: unknown; lang: Lang; t: StatusText }) {
  return (
    <Suspense
      fallback={
        <>
          <StatusHeader />
          <ErrorMessage
            lang={lang}
            t={t}
            code={500}
            // Without JavaScript: the same address again.
            retry={
              <a href="" className={styles.button}>
                {t["errors.retry"]}
              </a>
            }
          />
        </>
      }
    >
      <Rethrow error={error} />
    </Suspense>
  );
}
