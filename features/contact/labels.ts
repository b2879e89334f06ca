import type { TranslationKey, Translations } from "@/lib/i18n/default-translations";

type FormKey = Exclude<
  Extract<TranslationKey, `contact.${string}`>,
  "contact.emails" | "contact.addresses" | "contact.view_map"
>;
/** The contact form's texts, not the whole translations map. */
export type ContactFormLabels = Pick<Translations, FormKey>;

const PAGE_ONLY = new Set(["contact.emails", "contact.addresses", "contact.view_map"]);

export function contactFormLabels(t: Translations): ContactFormLabels {
  return Object.fromEntries(
    Object.entries(t).filter(([key]) => key.startsWith("contact.") && !PAGE_ONLY.has(key)),
  ) as ContactFormLabels;
}
