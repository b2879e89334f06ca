/**
 * Reopening the consent panel from anywhere on the page (the footer's "cookie
 * preferences" button): a window event the provider listens to, so the button
 * needs no access to the provider's state. The provider answers the event
 * (`preventDefault`); a press nobody answered, one made after the button was
 * hydrated but before the provider's effect listened, is kept for the provider
 * to take when it starts listening, so the press is not lost.
 */
export const OPEN_CONSENT_EVENT = "consent:open";

let unanswered = false;

export function openConsentPreferences(): void {
  // dispatchEvent is true when no listener called preventDefault: nobody answered.
  if (window.dispatchEvent(new CustomEvent(OPEN_CONSENT_EVENT, { cancelable: true }))) unanswered = true;
}

/** Whether a visitor asked before any provider listened; answers once. */
export function takeUnansweredOpen(): boolean {
  const asked = unanswered;
  unanswered = false;
  return asked;
}
