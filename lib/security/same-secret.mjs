// @ts-check
import { timingSafeEqual } from "node:crypto";

/**
 * Compares a given secret with the expected one in constant time (no early exit to time). Plain
 * JavaScript: route handlers and `npm start` (the metrics' bearer token) share it.
 * @param {string} given @param {string} expected
 */
export function sameSecret(given, expected) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
