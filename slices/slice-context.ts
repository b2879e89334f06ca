import type { Translations } from "@/lib/i18n/default-translations";
import type { Lang } from "@/lib/i18n/locales";

/** What pages hand every slice through <SliceZone context>. */
export interface SliceContext {
  lang: Lang;
  t: Translations;
}
