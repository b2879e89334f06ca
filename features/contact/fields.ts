/**
 * The contact form's fields and error shape, without the schema: what the
 * browser needs to render the form and read it (the schema itself, with zod,
 * loads only once a visitor starts on the form; schema.ts).
 */
import type { TranslationKey } from "@/lib/i18n/default-translations";

export const FIELDS = ["name", "email", "company", "purpose", "message", "consent"] as const;
export type ContactField = (typeof FIELDS)[number];
/** Every error is a translation key of the contact group. */
export type ErrorKey = Extract<TranslationKey, `contact.error_${string}`>;
export type FieldErrors = Partial<Record<ContactField, ErrorKey>>;

/** The form's values by name: the first text value of each field (files and repeats ignored). */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of [...FIELDS, "website", "started"]) {
    const value = form.get(name);
    if (typeof value === "string") values[name] = value;
  }
  return values;
}
