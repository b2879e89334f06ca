import { createHash, timingSafeEqual } from "node:crypto";

import { accessDenied } from "./errors";

/** A private repository: every API request must carry its token as `access_token`. */

/** Compares SHA-256 digests, so neither the token's characters nor its length can be timed. */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Throws Prismic's 401 unless the request carries the expected token (no token expected: open). */
export function checkAccess(url: URL, accessToken: string | undefined): void {
  if (!accessToken) return;
  const given = url.searchParams.get("access_token");
  if (given === null || !sameToken(given, accessToken)) throw accessDenied(given !== null);
}
