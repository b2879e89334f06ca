import type { Content } from "@prismicio/client";

/** The production name and description when the settings document is unavailable. */
export const FALLBACK_COMPANY_NAME = "Vif Argent Productions";
export const FALLBACK_DESCRIPTION =
  "Creative storytellers mixing artists, marketers, scientists and tech-geeks to create brand content and entertainment for all media and audiences.";

export function companyName(settings: Content.SettingsDocument | null): string {
  return settings?.data.company_name || FALLBACK_COMPANY_NAME;
}

export function siteDescription(settings: Content.SettingsDocument | null): string {
  return settings?.data.site_description || FALLBACK_DESCRIPTION;
}
