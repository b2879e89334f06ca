import type { FieldErrors } from "./fields";

/** Why a message was not sent, each with its own message to the visitor. */
export type Refusal = "too_fast" | "rate_limit" | "rejected" | "delivery";

/** What the form shows after an attempt; values come back so nothing typed is lost. */
export type ContactFormState =
  | { status: "idle" }
  | { status: "invalid"; values: Record<string, string>; errors: FieldErrors }
  | { status: "refused"; values: Record<string, string>; reason: Refusal }
  | { status: "sent"; id: string };

export const IDLE: ContactFormState = { status: "idle" };
