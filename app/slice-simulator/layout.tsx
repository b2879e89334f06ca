import type { ReactNode } from "react";

import { displayFont, textFont } from "@/lib/fonts";
import { DEFAULT_LANG, LOCALES } from "@/lib/i18n/locales";

import "../globals.css";

/** Slice Machine's simulator has its own root layout: no site header, footer or consent. */
export default function SliceSimulatorLayout({ children }: { children: ReactNode }) {
  return (
    <html lang={LOCALES[DEFAULT_LANG].html} className={`${displayFont.variable} ${textFont.variable}`}>
      <body>{children}</body>
    </html>
  );
}
