import type { ReactNode } from "react";

import { ConsentProvider, siteServices } from "@/features/consent";
import { fontVariables } from "@/lib/fonts/fonts";
import { DEFAULT_TRANSLATIONS } from "@/lib/i18n/default-translations";
import { DEFAULT_LANG, LOCALES } from "@/lib/i18n/locales";

import "../globals.css";

/**
 * Slice Machine's simulator has its own root layout: no site header, footer or
 * consent notice; videos still wait for their player's consent.
 */
export default function SliceSimulatorLayout({ children }: { children: ReactNode }) {
  return (
    <html lang={LOCALES[DEFAULT_LANG].html} className={fontVariables}>
      <body>
        <ConsentProvider services={siteServices(DEFAULT_TRANSLATIONS[DEFAULT_LANG], undefined)}>
          {children}
        </ConsentProvider>
      </body>
    </html>
  );
}
