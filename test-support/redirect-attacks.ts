import fc from "fast-check";

/**
 * Pieces attackers combine into redirect targets and paths: separators, dot segments, encodings
 * (single, double, triple), schemes, hosts, userinfo, invisible and look-alike characters. Shared
 * by the redirect helper's unit test and the production server's (e2e/redirects.spec.ts).
 */
export const REDIRECT_ATTACK_PIECES = [
  "/",
  "//",
  "\\",
  ".",
  "..",
  "./",
  "../",
  "%2F",
  "%2f",
  "%5C",
  "%5c",
  "%2E",
  "%2e%2e",
  "%252F",
  "%25252F",
  "%09",
  "%0a",
  "%00",
  "\t",
  "\n",
  "\r",
  "\u0000",
  "\u007f",
  " ",
  "\u00a0",
  "\u2215",
  "\u2044",
  "\uff0f",
  "\uff3c",
  "\u3002",
  "\ufe68",
  ":",
  "@",
  "?",
  "#",
  ";",
  "evil.example",
  "evil.example:443",
  "user:pass@",
  "user:pass@evil.example",
  "http:",
  "https:",
  "javascript:",
  "data:",
  "works",
  "en",
  "%",
] as const;

/** Up to `max` pieces joined, as they are. */
export const attackPieces = (max: number) =>
  fc.array(fc.constantFrom(...REDIRECT_ATTACK_PIECES), { maxLength: max }).map((parts) => parts.join(""));
