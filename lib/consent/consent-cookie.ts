/** Reads and writes the consent cookie in the browser (js-cookie), through the codec. */
import Cookies from "js-cookie";

import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_DAYS,
  parseConsent,
  serializeConsent,
  type ConsentMap,
} from "./cookie-codec";

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
