"use client";

import { openConsentPreferences } from "./open-preferences";

export function CookiePreferencesButton({ label, className }: { label: string; className?: string }) {
  return (
    <button type="button" className={className} onClick={openConsentPreferences}>
      {label}
    </button>
  );
}
