/**
 * The consent cookie: its value is a JSON map of service id to boolean.
 * Anything else (malformed, tampered, oversized, prototype-polluting) reads as
 * no consent at all, so the notice shows again and nothing runs. The browser
 * reads and writes it through js-cookie.
 */
import Cookies from "js-cookie";

import { SERVICE_ID } from "./services";

/** The product's own name, so no other script's cookie is mistaken for it. */
export const CONSENT_COOKIE = "vifargent_consent";
const CONSENT_MAX_AGE_DAYS = 90;

/** Far more than any real map needs (about 30 bytes per service). */
const MAX_LENGTH = 1024;
const MAX_SERVICES = 32;
/** Names that could reach Object.prototype through careless code elsewhere. */
const FORBIDDEN_IDS = new Set(["constructor", "prototype", "hasownproperty", "tostring", "valueof"]);

export type ConsentMap = Readonly<Record<string, boolean>>;

export function parseConsent(raw: unknown): ConsentMap | null {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || Object.getPrototypeOf(value) !== Object.prototype)
    return null;
  const entries = Object.entries(value);
  if (entries.length > MAX_SERVICES) return null;
  const map: Record<string, boolean> = Object.create(null);
  for (const [id, enabled] of entries) {
    if (!SERVICE_ID.test(id) || FORBIDDEN_IDS.has(id) || typeof enabled !== "boolean") return null;
    map[id] = enabled;
  }
  return map;
}

export function serializeConsent(map: ConsentMap): string {
  return JSON.stringify(Object.fromEntries(Object.entries(map).filter(([id]) => SERVICE_ID.test(id))));
}

export function readConsentCookie(): ConsentMap | null {
  try {
    return parseConsent(Cookies.get(CONSENT_COOKIE));
  } catch {
    return null;
  }
}

export function writeConsentCookie(map: ConsentMap): void {
  Cookies.set(CONSENT_COOKIE, serializeConsent(map), {
    expires: CONSENT_MAX_AGE_DAYS,
    path: "/",
    sameSite: "Lax",
    secure: window.location.protocol === "https:",
  });
}
