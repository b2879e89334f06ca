"use client";

import { createContext, useContext, type ReactNode } from "react";

import type { Translations } from "@/lib/i18n/default-translations";
import type { Lang } from "@/lib/i18n/locales";

/** The page's language and UI text, for client islands (404, error page, menus). */
export interface SiteContextValue {
  lang: Lang;
  t: Translations;
  companyName: string;
}

const SiteContext = createContext<SiteContextValue | null>(null);

export function SiteProvider({ value, children }: { value: SiteContextValue; children: ReactNode }) {
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

export function useSite(): SiteContextValue {
  const value = useContext(SiteContext);
  if (!value) throw new Error("useSite() must be used inside <SiteProvider> (rendered by the [lang] layout)");
  return value;
}
