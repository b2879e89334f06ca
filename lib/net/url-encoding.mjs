// @ts-check
/**
 * The site's one spelling of a URL's parts, shared by `npm start`'s front
 * (server/request-target.mjs), which decides it, and the request router's redirects, which build
 * on it. Plain JavaScript: Node loads the front uncompiled.
 *
 * Strings here are request bytes as Node hands them over (latin1: one character per byte), or
 * text (any Unicode) where a function says so.
 */

/** Characters a path segment keeps as they are (RFC 3986 pchar without "%"). */
const SEGMENT_SAFE = /[A-Za-z0-9\-._~!$&'()*+,;=:@]/;
/** Characters a query keeps as they are: RFC 3986's query characters, but "'" (which browsers encode). */
const QUERY_SAFE = /[A-Za-z0-9\-._~!$&()*+,;=:@/?]/;

/**
 * A decoder that refuses bytes that are not UTF-8 (stateless between calls: each is whole), made
 * on first use: browser bundles and jsdom load this module without calling it.
 * @type {TextDecoder | undefined}
 */
let utf8;

/** "%XX" for a byte, upper-case hex. @param {number} byte */
function escapeByte(byte) {
  return `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
}

/**
 * Text (any Unicode) with every character outside `safe` percent-encoded as UTF-8.
 * @param {string} text @param {RegExp} safe
 */
function encodeText(text, safe) {
  let out = "";
  for (const character of text) {
    if (safe.test(character)) out += character;
    else for (const byte of Buffer.from(character, "utf8")) out += escapeByte(byte);
  }
  return out;
}

/** A path segment's text in the site's spelling. @param {string} text */
export function encodeSegment(text) {
  return encodeText(text, SEGMENT_SAFE);
}

/**
 * Percent-decodes ASCII (a request's path or query, which the front has checked is ASCII) to
 * text: undefined when an escape is malformed ("%", "%4", "%zz") or the bytes are not UTF-8.
 * @param {string} raw
 */
export function decodeBytes(raw) {
  // Most parts hold no escape: nothing to decode, and ASCII is UTF-8.
  if (!raw.includes("%") && /^[\x00-\x7f]*$/.test(raw)) return raw;
  /** @type {number[]} */
  const bytes = [];
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] !== "%") {
      bytes.push(...Buffer.from(raw[i], "utf8"));
      continue;
    }
    const hex = raw.slice(i + 1, i + 3);
    if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return undefined;
    bytes.push(parseInt(hex, 16));
    i += 2;
  }
  try {
    utf8 ??= new TextDecoder("utf-8", { fatal: true });
    return utf8.decode(Uint8Array.from(bytes));
  } catch {
    return undefined;
  }
}

/**
 * A query part (request bytes) in the site's spelling, its meaning kept: every valid escape stays
 * (hex upper-cased), a "%" that starts none becomes "%25", and every other byte outside the
 * query's safe characters is escaped. The result is printable ASCII, safe in a header and in a
 * Location, and reads back to the same parameters wherever the original did.
 * @param {string} raw
 */
export function encodeQueryBytes(raw) {
  let out = "";
  for (let i = 0; i < raw.length; i++) {
    const character = raw[i];
    if (character === "%") {
      const hex = raw.slice(i + 1, i + 3);
      if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
        out += `%${hex.toUpperCase()}`;
        i += 2;
      } else out += "%25";
    } else if (QUERY_SAFE.test(character)) out += character;
    else out += escapeByte(raw.charCodeAt(i) & 0xff);
  }
  return out;
}

/**
 * A query parameter's name or value decoded as URLSearchParams reads it ("+" is a space), or the
 * text as sent when its encoding is malformed.
 * @param {string} raw
 */
export function decodeQueryComponent(raw) {
  const spaced = raw.replace(/\+/g, " ");
  return decodeBytes(spaced) ?? spaced;
}

/** A query part's parameter name, decoded as URLSearchParams reads it. @param {string} part */
export function parameterName(part) {
  return decodeQueryComponent(part.split("=", 1)[0]);
}
