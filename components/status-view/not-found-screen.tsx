"use client";

import { useSite } from "@/components/site-context/site-context";

import { NotFoundView } from "./not-found-view";
import { StatusHeader } from "./status-header";

/** The 404 page drawn in the browser, in the page's language: header, message, link home. */
export function NotFoundScreen() {
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
