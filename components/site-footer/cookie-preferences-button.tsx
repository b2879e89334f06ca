"use client";

/** The event the consent overlay listens to, to reopen its detail panel. */
export const OPEN_CONSENT_EVENT = "consent:open";

export function CookiePreferencesButton({ label, className }: { label: string; className?: string }) {
  return (
    <button
      type="button"
      className={className}
      onClick={() => window.dispatchEvent(new CustomEvent(OPEN_CONSENT_EVENT))}
    >
      {label}
    </button>
  );
}
