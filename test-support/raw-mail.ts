/**
 * A small reader for the raw messages nodemailer builds (no mail parser in the project): header
 * lines, RFC 2047 encoded words, quoted-printable and base64 bodies, multipart/alternative parts.
 */
import { createTransport, type SendMailOptions } from "nodemailer";

export interface Header {
  name: string;
  value: string;
}

export interface RawPart {
  headers: Header[];
  /** The decoded body, as UTF-8 text. */
  body: string;
}

/** The message exactly as nodemailer would send it (CRLF lines), and its envelope. */
export async function buildRaw(
  mail: SendMailOptions,
): Promise<{ raw: string; envelope: { from: string | false; to: string[] } }> {
  const info = await createTransport({ streamTransport: true, buffer: true, newline: "windows" }).sendMail(
    mail,
  );
  return { raw: (info.message as Buffer).toString("latin1"), envelope: info.envelope };
}

function splitHead(raw: string): { head: string; body: string } {
  const end = raw.indexOf("\r\n\r\n");
  if (end < 0) throw new Error("no blank line after the headers");
  return { head: raw.slice(0, end), body: raw.slice(end + 4) };
}

/** Header fields in order, continuation lines unfolded. Throws on a line that is not a header. */
export function parseHeaders(head: string): Header[] {
  const headers: Header[] = [];
  for (const line of head.split("\r\n")) {
    if (/^[ \t]/.test(line)) {
      if (headers.length === 0) throw new Error(`continuation before any header: ${JSON.stringify(line)}`);
      headers[headers.length - 1].value += line;
      continue;
    }
    const match = /^([!-9;-~]+):[ \t]?(.*)$/.exec(line);
    if (!match) throw new Error(`not a header line: ${JSON.stringify(line)}`);
    headers.push({ name: match[1], value: match[2] });
  }
  return headers;
}

export function messageHeaders(raw: string): Header[] {
  return parseHeaders(splitHead(raw).head);
}

export function headerValues(headers: Header[], name: string): string[] {
  return headers.filter((header) => header.name.toLowerCase() === name.toLowerCase()).map((h) => h.value);
}

function bytesOfQuotedPrintable(text: string, underscoreIsSpace: boolean): Buffer {
  const bytes: number[] = [];
  const input = text.replace(/=\r\n/g, "");
  for (let i = 0; i < input.length; i += 1) {
    const hex = input.slice(i + 1, i + 3);
    if (input[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else if (underscoreIsSpace && input[i] === "_") {
      bytes.push(0x20);
    } else {
      bytes.push(input.charCodeAt(i));
    }
  }
  return Buffer.from(bytes);
}

export function decodeQuotedPrintable(text: string): string {
  return bytesOfQuotedPrintable(text, false).toString("utf8");
}

/** Decodes RFC 2047 encoded words (UTF-8, Q or B); whitespace between two encoded words is dropped. */
export function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : bytesOfQuotedPrintable(text, true).toString("utf8"),
    );
}

function decodeBody(headers: Header[], body: string): string {
  const encoding = (headerValues(headers, "Content-Transfer-Encoding")[0] ?? "7bit").toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** The leaf parts of a message (the message itself when it is not multipart), bodies decoded. */
export function messageParts(raw: string): RawPart[] {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const contentType = headerValues(headers, "Content-Type")[0] ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!/^multipart\//i.test(contentType) || !boundary) return [{ headers, body: decodeBody(headers, body) }];
  const sections = body.split(`--${boundary}`).slice(1);
  return sections
    .filter((section) => !section.startsWith("--"))
    .flatMap((section) => messageParts(section.replace(/^\r\n/, "").replace(/\r\n$/, "")));
}

/** The decoded body of the first part of a content type (e.g. "text/plain"). */
export function partBody(raw: string, type: string): string {
  const part = messageParts(raw).find((candidate) =>
    (headerValues(candidate.headers, "Content-Type")[0] ?? "").toLowerCase().startsWith(type),
  );
  if (!part) throw new Error(`no ${type} part`);
  return part.body;
}
