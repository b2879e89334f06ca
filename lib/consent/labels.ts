import type { TranslationKey, Translations } from "@/lib/i18n/default-translations";

type ConsentKey = Extract<TranslationKey, `consent.${string}`>;
/** The consent texts the client needs, not the whole translations map. */
export type ConsentLabels = Pick<Translations, ConsentKey>;

export function consentLabels(t: Translations): ConsentLabels {
  return Object.fromEntries(Object.entries(t).filter(([key]) => key.startsWith("consent."))) as ConsentLabels;
}

/** Fills "{service}" in a template such as "Allow {service} and play". */
export function withService(template: string, serviceName: string): string {
  return template.replaceAll("{service}", serviceName);
}
