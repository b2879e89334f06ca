import type { Content } from "@prismicio/client";

import type { Purpose } from "./message";

const ADDRESS = /^[^\s@<>()",;:\\]+@[^\s@<>()",;:\\]+\.[^\s@<>()",;:\\]+$/;

/**
 * Who receives a message of this purpose: the contact_page's contact marked
 * with it, else the page's default recipient, else the settings' address.
 * Only plain addresses are used (an editor's typo never becomes a header).
 */
export function recipientFor(
  purpose: Purpose,
  page: Content.ContactPageDocument | null,
  settings: Content.SettingsDocument | null,
): string | undefined {
  const candidates = [
    page?.data.contacts.find((contact) => contact.form_purpose === purpose)?.email,
    page?.data.form_default_recipient,
    settings?.data.contact_email,
  ];
  return candidates
    .map((value) => value?.trim())
    .find((value): value is string => !!value && ADDRESS.test(value));
}
