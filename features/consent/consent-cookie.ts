/**
 * The consent cookie: its value is JSON, the visitor's choices (a map of service id to boolean)
 * with the reference of their consent record (a random id, and when the choice was made), as
 * `{"id":"…","at":1764201600000,"choices":{"necessary":true,…}}`. A bare map (what the site wrote
 * before consents were recorded) reads as choices without a reference. Anything else (malformed,
 * tampered, oversized, prototype-polluting) reads as no consent at all, so the notice shows again
 * and nothing runs. The browser reads and writes it through js-cookie.
 */
import Cookies from "js-cookie";

import { SERVICE_ID } from "./services";

/** The product's own name, so no other script's cookie is mistaken for it. */
export const CONSENT_COOKIE = "vifargent_consent";
const CONSENT_MAX_AGE_DAYS = 90;

/** Far more than any real map needs (about 30 bytes per service). */
const MAX_LENGTH = 1024;
/** More services than any site registers: a bound on what a cookie or a record may name. */
export const MAX_SERVICES = 32;
/** Names that could reach Object.prototype through careless code elsewhere. */
const FORBIDDEN_IDS = new Set(["constructor", "prototype", "hasownproperty", "tostring", "valueof"]);

export type ConsentMap = Readonly<Record<string, boolean>>;

/** What the visitor can quote of their choice: its record's id and when it was made. */
export interface ConsentReceipt {
  /** 16 random bytes in base64url: the same for every choice made in this browser. */
  id: string;
  /** When the choice was made (ms since 1970, the browser's clock). */
  at: number;
}

export interface SavedConsent {
  choices: ConsentMap;
  receipt?: ConsentReceipt;
}

/** A consent record's id: 16 random bytes in base64url, nothing derived from the visitor. */
export const CONSENT_ID = /^[A-Za-z0-9_-]{22}$/;

/** A new consent id, from the browser's (or Node's) cryptographic random source. */
export function newConsentId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const base64 = btoa(String.fromCharCode(...bytes));
  return base64.replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function plainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

function parseJson(raw: unknown): unknown {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_LENGTH) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** The cookie's choices and, when it has one, its receipt; null for anything else. */
export function parseSavedConsent(raw: unknown): SavedConsent | null {
  const value = parseJson(raw);
  if (!plainObject(value)) return null;
  if (!("choices" in value)) {
    const choices = choicesOf(value);
    return choices ? { choices } : null;
  }
  const { id, at, choices: rawChoices, ...rest } = value;
  const choices = choicesOf(rawChoices);
  const validReceipt =
    typeof id === "string" && CONSENT_ID.test(id) && Number.isSafeInteger(at) && Number(at) > 0;
  if (!choices || !validReceipt || Object.keys(rest).length > 0) return null;
  return { choices, receipt: { id, at: Number(at) } };
}

/** The choices alone (the cookie's `choices`, or a bare map). */
export function parseConsent(raw: unknown): ConsentMap | null {
  return parseSavedConsent(raw)?.choices ?? null;
}

function choicesOf(value: unknown): ConsentMap | null {
  if (!plainObject(value)) return null;
  const entries = Object.entries(value);
  if (entries.length > MAX_SERVICES) return null;
  const map: Record<string, boolean> = Object.create(null);
  for (const [id, enabled] of entries) {
    if (!SERVICE_ID.test(id) || FORBIDDEN_IDS.has(id) || typeof enabled !== "boolean") return null;
    map[id] = enabled;
  }
  return map;
}

function validChoices(map: ConsentMap): ConsentMap {
  return Object.fromEntries(Object.entries(map).filter(([id]) => SERVICE_ID.test(id)));
}

export function serializeConsent(map: ConsentMap): string {
  return JSON.stringify(validChoices(map));
}

export function serializeSavedConsent({ choices, receipt }: SavedConsent): string {
  if (!receipt) return serializeConsent(choices);
  return JSON.stringify({ id: receipt.id, at: receipt.at, choices: validChoices(choices) });
}

export function readConsentCookie(): SavedConsent | null {
  try {
    return parseSavedConsent(Cookies.get(CONSENT_COOKIE));
  } catch {
    return null;
  }
}

export function writeConsentCookie(saved: SavedConsent): void {
  Cookies.set(CONSENT_COOKIE, serializeSavedConsent(saved), {
    expires: CONSENT_MAX_AGE_DAYS,
    path: "/",
    sameSite: "Lax",
    secure: window.location.protocol === "https:",
  });
}
