import { DEFAULT_TRANSLATIONS, type Translations } from "@/lib/i18n/default-translations";
import type { Lang } from "@/lib/i18n/locales";

/** What pages hand every slice through <SliceZone context>. */
export interface SliceContext {
  lang: Lang;
  t: Translations;
}

/**
 * The context every <SliceZone> passes its slices: the page's language and UI text.
 * Without `t` (Slice Machine's simulator renders mocks, with no translations document),
 * the language's default translations.
 */
export function sliceContext(lang: Lang, t: Translations = DEFAULT_TRANSLATIONS[lang]): SliceContext {
  return { lang, t };
}
