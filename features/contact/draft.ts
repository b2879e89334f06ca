/**
 * The visitor's draft, kept in the tab's session storage: what was typed and the submission's key,
 * so that a reload, a failed request or a crash of the tab's page brings both back (the same key
 * makes a retry of an accepted message a repeat, not a second message). Cleared once the message is
 * accepted. Storage may be unavailable (private modes, quotas): the form then works without it.
 */
import { FIELDS } from "./fields";
import { isSubmissionKey, newSubmissionKey } from "./submission-key";

/** The draft's entry in session storage (read also by ./early-form-script.ts). */
export const DRAFT_STORAGE_KEY = "contact-draft";

export interface Draft {
  key: string;
  values: Record<string, string>;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The stored draft when it is well formed, else a fresh one with a new key. */
export function readDraft(): Draft {
  try {
    const stored = JSON.parse(storage()?.getItem(DRAFT_STORAGE_KEY) ?? "null") as Partial<Draft> | null;
    if (stored && isSubmissionKey(stored.key) && typeof stored.values === "object" && stored.values) {
      const values: Record<string, string> = {};
      for (const field of FIELDS) {
        const value = (stored.values as Record<string, unknown>)[field];
        if (typeof value === "string") values[field] = value;
      }
      return { key: stored.key, values };
    }
  } catch {
    // A draft that does not parse is no draft.
  }
  return { key: newSubmissionKey(), values: {} };
}

export function saveDraft(draft: Draft): void {
  try {
    storage()?.setItem(DRAFT_STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Full or refused: the form still holds the text.
  }
}

export function clearDraft(): void {
  try {
    storage()?.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}
