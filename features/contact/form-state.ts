import type { FieldErrors } from "./fields";

/**
 * Why a message was not sent, each with its own message to the visitor. The server gives the first
 * four; the browser the last two, when the server's answer never came (offline) or was not the
 * site's (a proxy's limit or error page, a timeout).
 */
export type Refusal = "too_fast" | "rate_limit" | "rejected" | "delivery" | "offline" | "unreachable";

/** What the form shows after an attempt; values come back so nothing typed is lost. */
export type ContactFormState =
  | { status: "idle" }
  | { status: "invalid"; values: Record<string, string>; errors: FieldErrors }
  | { status: "refused"; values: Record<string, string>; reason: Refusal }
  /** Accepted: delivered at once, or queued (on disk, to be sent by the next flush). */
  | { status: "sent"; id: string; queued: boolean };

export const IDLE: ContactFormState = { status: "idle" };

/** Where a post without JavaScript lands once its message was accepted (post, redirect, get). */
export const CONFIRMATION_ANCHORS = { sent: "contact-sent", queued: "contact-queued" } as const;

/** The confirmation's URL for an accepted message: the contact page at its outcome's anchor. */
export function confirmationUrl(contactPath: string, state: Extract<ContactFormState, { status: "sent" }>) {
  return `${contactPath}#${CONFIRMATION_ANCHORS[state.queued ? "queued" : "sent"]}`;
}
