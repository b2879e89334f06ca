import type { Labels } from "@/lib/i18n/default-translations";

/** The texts the notice and the panel show (services carry their own names and descriptions). */
export const CONSENT_LABEL_KEYS = [
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
  "consent.receipt",
] as const;

export type ConsentLabels = Labels<(typeof CONSENT_LABEL_KEYS)[number]>;

/** Fills "{service}" in a template such as "Allow {service} and play". */
export function withService(template: string, serviceName: string): string {
  return template.replaceAll("{service}", serviceName);
}
