import { notFound } from "next/navigation";

import { isLang, type Lang } from "@/lib/i18n/locales";

/** The language of a [lang] route; anything else is a 404. */
export async function langParam(params: Promise<{ lang: string }>): Promise<Lang> {
  const { lang } = await params;
  if (!isLang(lang)) notFound();
  return lang;
}
