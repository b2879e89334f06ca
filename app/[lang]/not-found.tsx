"use client";

import { useSite } from "@/components/site-context/site-context";
import { NotFoundView } from "@/components/status-view/not-found-view";
import { StatusHeader } from "@/components/status-view/status-header";

/**
 * A safety net only: the request router (proxy.ts) sends every known 404 to the
 * /not-found page, which renders on the server. This boundary catches a notFound()
 * that slips through (a work unpublished in the last seconds).
 */
export default function NotFound() {
  const { lang, t } = useSite();
  return (
    <>
      <StatusHeader />
      <main id="main" tabIndex={-1}>
        <NotFoundView lang={lang} t={t} />
      </main>
    </>
  );
}
