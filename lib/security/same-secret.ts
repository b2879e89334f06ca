import { timingSafeEqual } from "node:crypto";

/** Compares a given secret with the expected one in constant time (no early exit to time). */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
