"use client";

import { createContext, useContext, type ReactNode } from "react";

import type { Lang } from "@/lib/i18n/locales";
import type { StatusText } from "@/lib/i18n/status-text";

/**
 * The page's language, the company's name and the 404 and error boundaries' text,
 * for those client islands. Only that text: every key here ships in each page's payload.
 */
export interface SiteContextValue {
  lang: Lang;
  t: StatusText;
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
