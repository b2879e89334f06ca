import type { BrowserContext } from "@playwright/test";

/** The consent cookie's name, and a visitor's saved choices (everything optional refused). */
export const CONSENT_COOKIE = "vifargent_consent";
export const DECIDED = encodeURIComponent(
  JSON.stringify({ necessary: true, analytics: false, youtube: false, vimeo: false }),
);

/** A returning visitor who already chose: the consent notice stays out of the way. */
export async function returningVisitor(context: BrowserContext, origin = "http://127.0.0.1/"): Promise<void> {
  await context.addCookies([{ name: CONSENT_COOKIE, value: DECIDED, url: origin }]);
}
