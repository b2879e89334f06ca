/**
 * Reopening the consent panel from anywhere on the page (the footer's "cookie
 * preferences" button): a window event the provider listens to, so the button
 * needs no access to the provider's state.
 */
export const OPEN_CONSENT_EVENT = "consent:open";

export function openConsentPreferences(): void {
  window.dispatchEvent(new CustomEvent(OPEN_CONSENT_EVENT));
}
