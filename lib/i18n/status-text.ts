import type { Labels } from "./default-translations";

/** The UI text the 404 and error boundaries need in the browser: all a client island gets of the translations. */
export const STATUS_TEXT_KEYS = [
  "errors.error_title",
  "errors.error_message",
  "errors.retry",
  "errors.go_home",
  "errors.not_found_message",
  "errors.not_found_title",
] as const;

export type StatusText = Labels<(typeof STATUS_TEXT_KEYS)[number]>;
