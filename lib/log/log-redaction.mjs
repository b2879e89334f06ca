// @ts-check
/**
 * What never reaches a log line (lib/log/README.md): access tokens and secrets, preview tokens and
 * refs, the preview and draft-mode cookies, Authorization credentials, passwords in URLs, e-mail
 * addresses and message bodies. lib/log/logger.mjs applies it to every message and every field, so no
 * caller has to; free of imports so browser code can use it too.
 */

export const REDACTED = "[redacted]";
export const EMAIL = "[email]";

/** Names whose value is a secret, whatever it looks like (also the `name=value` pairs found in text). */
const SECRET_NAME =
  "[\\w.-]*?(?:token|secret|password|passwd|pwd|api[_-]?key|(?:encryption|private|secret)[_-]?key|signature|credentials?)|(?:[\\w-]*[_-])?ref|authorization|auth|sig|cookies?|set-cookie|websitePreviewId|io\\.prismic\\.preview|__prerender_bypass|__next_preview_data";
const SECRET_KEY = new RegExp(`^(?:${SECRET_NAME})$`, "i");
/** camelCase names ending in Ref (previewRef, masterRef), not href. */
const CAMEL_REF = /^[a-z][a-zA-Z0-9]*Ref$/;
/** Fields that hold what a visitor wrote (a contact message, a request body): never logged. */
const BODY_KEY = /^(?:body|text|html|message|raw|messageBody)$/i;

/** Whether a field of this name is kept out of logs entirely. @param {string} key */
export function isSecretKey(key) {
  return SECRET_KEY.test(key) || CAMEL_REF.test(key);
}

/** @type {Array<[RegExp, string]>} */
const TEXT_RULES = [
  // Credentials in a URL: scheme://user:password@host.
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"'\\<>]*@/gi, `$1${REDACTED}@`],
  // Authorization schemes.
  [/\b(bearer)(\s+)[A-Za-z0-9._~+/=-]+/gi, `$1$2${REDACTED}`],
  [/\b(Basic|Digest)(\s+)[A-Za-z0-9._~+/=-]{8,}/g, `$1$2${REDACTED}`],
  // Prismic preview tokens are URLs: https://<repo>.prismic.io/previews/<id>?websitePreviewId=<id>.
  [/(\/previews\/)[^\s/?#&"'\\<>]+/gi, `$1${REDACTED}`],
  // name=value, name: value, "name":"value" (query strings, cookies, headers, JSON), also %3D-encoded.
  // Never an empty value, nor one opening an object or array: the finished JSON line stays valid.
  [
    new RegExp(
      `(?<![\\w.-])(${SECRET_NAME})(["']?\\s*(?:=|:|%3D)\\s*["']?)(?![{\\[])(?:(?:bearer|basic|digest)\\s+)?[^\\s&#"'\\\\,;)<>]+`,
      "gi",
    ),
    `$1$2${REDACTED}`,
  ],
  // E-mail addresses, also percent-encoded.
  [/[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g, EMAIL],
  [/[A-Za-z0-9._%+-]+%40[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/gi, EMAIL],
];

/** The text with every secret and address it contains replaced. @param {string} text */
export function redactText(text) {
  let result = text;
  for (const [pattern, replacement] of TEXT_RULES) result = result.replace(pattern, replacement);
  return result;
}

const MAX_DEPTH = 6;
const MAX_ITEMS = 50;
const MAX_STRING = 4000;

/** @param {string} text */
function clip(text) {
  const redacted = redactText(text);
  return redacted.length > MAX_STRING ? `${redacted.slice(0, MAX_STRING)}…` : redacted;
}

/**
 * An error as plain, redacted fields: type, message, stack, code and its own properties, cause.
 * @param {Error} error @param {number} depth @param {WeakSet<object>} seen
 */
function errorFields(error, depth, seen) {
  /** @type {Record<string, unknown>} */
  const fields = {
    type: error.name || error.constructor?.name || "Error",
    message: clip(String(error.message)),
  };
  if (typeof error.stack === "string") fields.stack = clip(error.stack);
  for (const [key, value] of Object.entries(error)) {
    if (key === "message" || key === "stack" || key === "name") continue;
    fields[key] = redactField(key, value, depth + 1, seen);
  }
  if (error.cause !== undefined) fields.cause = redactField("cause", error.cause, depth + 1, seen);
  if (error instanceof AggregateError) fields.errors = redactField("errors", error.errors, depth + 1, seen);
  return fields;
}

/** @param {string} key @param {unknown} value @param {number} depth @param {WeakSet<object>} seen */
function redactField(key, value, depth, seen) {
  if (value === undefined) return undefined;
  if (isSecretKey(key) || (BODY_KEY.test(key) && !(value instanceof Error))) return REDACTED;
  return redactValue(value, depth, seen);
}

/**
 * Any value made safe to log: strings redacted, errors turned into fields, objects walked (bounded
 * in depth and length, cycles cut), secret and body fields replaced.
 * @param {unknown} value @param {number} [depth] @param {WeakSet<object>} [seen]
 * @returns {unknown}
 */
export function redactValue(value, depth = 0, seen = new WeakSet()) {
  switch (typeof value) {
    case "string":
      return clip(value);
    case "number":
    case "boolean":
    case "undefined":
      return value;
    case "bigint":
      return String(value);
    case "symbol":
    case "function":
      return undefined;
  }
  if (value === null) return null;
  const object = /** @type {object} */ (value);
  if (object instanceof Date) return Number.isNaN(object.getTime()) ? String(object) : object.toISOString();
  if (object instanceof URL) return clip(object.href);
  if (object instanceof RegExp) return clip(String(object));
  if (ArrayBuffer.isView(object) || object instanceof ArrayBuffer) return `[${object.byteLength} bytes]`;
  if (seen.has(object)) return "[Circular]";
  if (depth >= MAX_DEPTH) return Array.isArray(object) ? "[Array]" : "[Object]";
  seen.add(object);
  try {
    if (object instanceof Error) return errorFields(object, depth, seen);
    if (Array.isArray(object) || object instanceof Set) {
      const items = [...object];
      const kept = items.slice(0, MAX_ITEMS).map((item) => redactValue(item, depth + 1, seen));
      if (items.length > MAX_ITEMS) kept.push(`… ${items.length - MAX_ITEMS} more`);
      return kept;
    }
    /** @type {Iterable<[unknown, unknown]>} */
    const entries =
      object instanceof Map || (typeof Headers !== "undefined" && object instanceof Headers)
        ? /** @type {Map<unknown, unknown>} */ (object).entries()
        : Object.entries(object);
    /** @type {Record<string, unknown>} */
    const fields = {};
    let count = 0;
    for (const [key, item] of entries) {
      if (count++ >= MAX_ITEMS) {
        fields["…"] = "more fields left out";
        break;
      }
      const redacted = redactField(String(key), item, depth + 1, seen);
      if (redacted !== undefined) fields[String(key)] = redacted;
    }
    return fields;
  } finally {
    seen.delete(object);
  }
}

/** A log call's fields, redacted (top level: a plain object). @param {Record<string, unknown>} fields */
export function redactFields(fields) {
  return /** @type {Record<string, unknown>} */ (redactValue(fields));
}
