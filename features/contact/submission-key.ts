/**
 * A submission's idempotency key: made by the browser as the form is parsed, kept with the draft
 * through a retry, a reload or a second click, and sent in a hidden field. The server accepts a key
 * once (the outbox names the message after it) and the mail's Message-ID derives from it, so a
 * duplicate that slipped past would still reach the inbox as the same message.
 * Shared by the browser and the server: no Node API here.
 */
export const SUBMISSION_KEY_FIELD = "submission";

/** 16 random bytes in base64url (22 characters), or the server's own longer keys. */
export const SUBMISSION_KEY_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

export function isSubmissionKey(value: unknown): value is string {
  return typeof value === "string" && SUBMISSION_KEY_PATTERN.test(value);
}

/**
 * A new key (crypto.getRandomValues: in every browser, on http pages too, unlike randomUUID). The
 * form's early script (./early-form-script.ts) makes one the same way before this code has arrived.
 */
export function newSubmissionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}
