import { TRANSLATION_KEYS, type Labels, type TranslationKey } from "@/lib/i18n/default-translations";

/** Keys of the contact page's details, which the server renders: the form never shows them. */
const PAGE_ONLY = ["contact.emails", "contact.addresses", "contact.view_map"] as const;

type FormKey = Exclude<Extract<TranslationKey, `contact.${string}`>, (typeof PAGE_ONLY)[number]>;

function isFormKey(key: TranslationKey): key is FormKey {
  return key.startsWith("contact.") && !(PAGE_ONLY as readonly string[]).includes(key);
}

/** The contact form's texts: every `contact.*` key but the page's own. */
export const CONTACT_FORM_LABEL_KEYS: readonly FormKey[] = TRANSLATION_KEYS.filter(isFormKey);

export type ContactFormLabels = Labels<FormKey>;
