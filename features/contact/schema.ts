/**
 * The contact form's one schema, run in the browser before sending and on the
 * server in the Server Action. Errors are translation keys, so each shows in
 * the page's language next to its field.
 */
import * as z from "zod/mini";

import type { ContactField, ErrorKey, FieldErrors } from "./fields";
import { PURPOSES, type Purpose } from "./message";

const LIMITS = { name: 100, email: 254, company: 120, messageMin: 10, messageMax: 5000 } as const;

export interface ContactFields {
  name: string;
  email: string;
  company?: string;
  purpose: Purpose;
  message: string;
}

/** Text as typed, minus what no one types: control characters (line breaks and tabs kept where allowed), in NFC. */
function clean(multiline: boolean) {
  const controls = multiline ? /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g : /[\u0000-\u001f\u007f]/g;
  return (value: string) =>
    value
      .normalize("NFC")
      .replace(/\r\n?/g, "\n")
      .replace(controls, multiline ? "" : " ")
      .trim();
}

const key = (name: ErrorKey) => name;

/**
 * An address as mail systems take it everywhere: an international domain (`examplé.fr`) in its
 * ASCII form (`xn--exampl-gva.fr`, the same domain), through the URL parser that Node and every
 * browser share. The part before the @ is kept as typed (the check below refuses it when not ASCII).
 */
function asciiDomain(address: string): string {
  const at = address.lastIndexOf("@");
  const domain = address.slice(at + 1);
  if (at < 0 || /^[\x20-\x7e]*$/.test(domain)) return address;
  try {
    return `${address.slice(0, at)}@${new URL(`http://${domain}`).hostname}`;
  } catch {
    return address;
  }
}

/**
 * Letters beyond ASCII before the @ need SMTPUTF8 from every server and client on the way back to
 * the visitor, which the studio's own cannot be assumed to have: such an address is refused with
 * its own message rather than a reply that would bounce.
 */
const asciiLocalPart = (address: string) => /^[\x20-\x7e]*$/.test(address.slice(0, address.lastIndexOf("@")));

const schema = z.object({
  name: z
    .string(key("contact.error_name_required"))
    .check(
      z.overwrite(clean(false)),
      z.minLength(1, key("contact.error_name_required")),
      z.maxLength(LIMITS.name, key("contact.error_name_too_long")),
    ),
  email: z
    .string(key("contact.error_email_invalid"))
    .check(
      z.overwrite(clean(false)),
      z.overwrite(asciiDomain),
      z.maxLength(LIMITS.email, key("contact.error_email_too_long")),
      z.refine(asciiLocalPart, key("contact.error_email_local_accents")),
      z.email(key("contact.error_email_invalid")),
    ),
  company: z.optional(
    z
      .string()
      .check(z.overwrite(clean(false)), z.maxLength(LIMITS.company, key("contact.error_company_too_long"))),
  ),
  purpose: z.enum(PURPOSES, key("contact.error_purpose")),
  message: z
    .string(key("contact.error_message_required"))
    .check(
      z.overwrite(clean(true)),
      z.minLength(1, key("contact.error_message_required")),
      z.minLength(LIMITS.messageMin, key("contact.error_message_too_short")),
      z.maxLength(LIMITS.messageMax, key("contact.error_message_too_long")),
    ),
  consent: z.literal("on", key("contact.error_consent")),
});

export type ContactValidation = { ok: true; data: ContactFields } | { ok: false; errors: FieldErrors };

export function validateContact(values: Record<string, string>): ContactValidation {
  const result = schema.safeParse(values);
  if (result.success) {
    const { name, email, company, purpose, message } = result.data;
    return { ok: true, data: { name, email, purpose, message, ...(company ? { company } : {}) } };
  }
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    // The first rule a field breaks is the one to show ("required" before "too short").
    errors[field] ??= issue.message as ErrorKey;
  }
  return { ok: false, errors };
}
