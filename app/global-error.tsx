"use client";

import { usePathname } from "next/navigation";

import { DEFAULT_ERROR_TRANSLATIONS } from "@/lib/i18n/error-page-texts";
import { homePath, langFromPath, LOCALES } from "@/lib/i18n/locales";

/**
 * When the layout itself fails: no site context, so the language comes from the
 * URL and the text from the defaults (a missing text falls back to
 * its default).
 */
export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  // The same path on the server and in the browser, so hydration matches.
  const lang = langFromPath(usePathname() ?? "/");
  const t = DEFAULT_ERROR_TRANSLATIONS[lang];
  return (
    <html lang={LOCALES[lang].html}>
      <body style={{ margin: 0, fontFamily: "system-ui, sans-serif", background: "#fff", color: "#111" }}>
        <main style={{ display: "grid", gap: "1.25rem", padding: "12vh 6vw", maxWidth: "40rem" }}>
          <p style={{ fontSize: "4rem", fontWeight: 800, margin: 0 }}>500</p>
          <h1 style={{ margin: 0 }}>{t["errors.global_error"]}</h1>
          <p style={{ display: "flex", gap: "1rem", margin: 0 }}>
            <button type="button" onClick={() => reset()} style={{ minHeight: 44, padding: "0 1.25rem" }}>
              {t["errors.retry"]}
            </button>
            {/* A plain link: the router may be what failed. */}
            <a href={homePath(lang)} style={{ minHeight: 44, display: "inline-flex", alignItems: "center" }}>
              {t["errors.go_home"]}
            </a>
          </p>
        </main>
      </body>
    </html>
  );
}
