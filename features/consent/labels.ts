import { pickTranslations, type Translations } from "@/lib/i18n/default-translations";

/** The texts the notice and the panel show (services carry their own names and descriptions). */
const LABEL_KEYS = [
  "consent.title",
  "consent.notice",
  "consent.accept_all",
  "consent.refuse_all",
  "consent.customise",
  "consent.panel_title",
  "consent.panel_intro",
  "consent.accept",
  "consent.refuse",
  "consent.required",
  "consent.save",
  "consent.close",
  "consent.saved",
] as const;

/** The consent texts the client needs, not the whole translations map. */
export type ConsentLabels = Pick<Translations, (typeof LABEL_KEYS)[number]>;

export function consentLabels(t: Translations): ConsentLabels {
  return pickTranslations(t, LABEL_KEYS);
}

/** Fills "{service}" in a template such as "Allow {service} and play". */
export function withService(template: string, serviceName: string): string {
  return template.replaceAll("{service}", serviceName);
}
