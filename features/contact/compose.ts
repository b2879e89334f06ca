import type { SendMailOptions } from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";

import { PURPOSES, type ContactMessage } from "./message";

export interface ComposeOptions {
  /** The message's id (a file name and the Message-ID's left part): its submission's key. */
  id: string;
  /** The recipient for the message's purpose. */
  to: string;
  /** The site's own address (CONTACT_FROM), e.g. `Studio <contact@studio.fr>`. */
  from: string;
  /** The purpose in the message's language, for the subject and the body. */
  purposeLabel: string;
  siteName: string;
  /** Date header; now by default. */
  receivedAt?: Date;
}

const LABELS = {
  fr: { name: "Nom", email: "E-mail", company: "Société", purpose: "Objet", separator: " : " },
  en: { name: "Name", email: "E-mail", company: "Company", purpose: "Purpose", separator: ": " },
} as const;

/** Control characters (C0, DEL, C1) and Unicode line/paragraph separators: never in a one-line value. */
const LINE_BREAKERS = /[\p{Cc}\u2028\u2029]+/gu;
/** Control characters a message body may not carry: all but \t and \n (\r is normalised first). */
const BODY_CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;
/** One mailbox, nothing a header could split on: no spaces, controls, quotes, brackets, commas or semicolons. */
const PLAIN_ADDRESS = /^[^\s\p{Cc}@<>()[\]\\,;:"]+@[^\s\p{Cc}@<>()[\]\\,;:"]+$/u;

/** A single-line header or label value: controls and line breaks become spaces. */
function oneLine(value: string | undefined): string {
  return (value ?? "").toWellFormed().replace(LINE_BREAKERS, " ").trim();
}

/** Message text: \r\n and \r become \n, other controls but \t are dropped, Unicode text kept as is. */
function bodyText(value: string): string {
  return value.toWellFormed().replace(/\r\n?/g, "\n").replace(BODY_CONTROLS, "");
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** The domain of the site's address, for the Message-ID; "localhost" when it has none usable. */
function messageIdDomain(from: string): string {
  const [mailbox] = addressparser(from, { flatten: true });
  const domain = mailbox?.address.split("@").pop()?.toLowerCase() ?? "";
  return /^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(domain) ? domain : "localhost";
}

/**
 * Builds the mail the studio receives for a contact form message: From the site, To the purpose's
 * recipient, Reply-To the visitor. Visitor values never reach a header unencoded: the name goes
 * through nodemailer's address object (encoded word), the subject is one line, the e-mail must be a
 * single plain address (the schema checks it; this refuses anything else rather than guessing).
 */
export function composeContactMail(
  message: ContactMessage,
  options: ComposeOptions,
): { id: string; mail: SendMailOptions } {
  if (!PURPOSES.includes(message.purpose)) throw new TypeError("composeContactMail: unknown purpose");
  const email = message.email.trim();
  if (!PLAIN_ADDRESS.test(email)) {
    throw new TypeError("composeContactMail: the visitor's e-mail is not a single plain address");
  }

  const labels = LABELS[message.lang] ?? LABELS.fr;
  const name = oneLine(message.name);
  const company = oneLine(message.company);
  const purposeLabel = oneLine(options.purposeLabel);
  const text = bodyText(message.message);
  const subject = `[${oneLine(options.siteName)}] ${purposeLabel} — ${name}`;

  const fields: [label: string, value: string][] = [
    [labels.name, name],
    [labels.email, email],
    ...(company ? [[labels.company, company] as [string, string]] : []),
    [labels.purpose, purposeLabel],
  ];

  const plain = `${fields.map(([label, value]) => `${label}${labels.separator}${value}`).join("\n")}\n\n${text}\n`;

  const cell = "padding:4px 16px 4px 0;vertical-align:top;text-align:left";
  const rows = fields
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="${cell};font-weight:bold">${escapeHtml(label)}</th>` +
        `<td style="${cell}">${escapeHtml(value)}</td></tr>`,
    )
    .join("\n");
  const html = [
    "<!doctype html>",
    `<html lang="${message.lang === "en" ? "en" : "fr"}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111111;background:#ffffff">',
    `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">\n${rows}\n</table>`,
    `<p style="margin:0;white-space:pre-wrap">${escapeHtml(text).replace(/\n/g, "<br>")}</p>`,
    "</body>",
    "</html>",
    "",
  ].join("\n");

  const { id } = options;
  return {
    id,
    mail: {
      from: options.from,
      to: options.to,
      replyTo: { name, address: email },
      subject,
      messageId: `<${id}@${messageIdDomain(options.from)}>`,
      date: options.receivedAt ?? new Date(),
      headers: { "X-Contact-Purpose": message.purpose },
      text: plain,
      html,
      // Non-ASCII headers and bodies as quoted-printable: 7-bit safe, still readable in the .eml.
      textEncoding: "quoted-printable",
      xMailer: false,
      // Plain strings only: never let nodemailer read a path or fetch a URL for this content.
      disableFileAccess: true,
      disableUrlAccess: true,
    },
  };
}
