import type { Metadata } from "next";

import { DEFAULT_TRANSLATIONS } from "@/lib/i18n/default-translations";

import "./globals.css";

/** URLs outside the site's pages (e.g. an unknown /api/ path): a plain 404 in the default language. */
export const metadata: Metadata = { title: DEFAULT_TRANSLATIONS.fr["errors.not_found_title"] };

export default function GlobalNotFound() {
  const t = DEFAULT_TRANSLATIONS.fr;
  return (
    <html lang="fr">
      <body>
        <main id="main" className="global-status">
          <p className="global-status__code">404</p>
          <h1>{t["errors.not_found_message"]}</h1>
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/">{t["errors.go_home"]}</a>
        </main>
      </body>
    </html>
  );
}
