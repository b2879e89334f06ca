/**
 * Cookie consent: the services the site registers, the
 * banner and its detail panel, the cookie that remembers the choice, and the
 * hooks that let other features wait for a service to be allowed.
 *
 * The rest of the site imports only from here.
 */
export { CONSENT_MODE_DEFAULTS } from "./analytics";
export { CONSENT_COOKIE, CONSENT_ID, MAX_SERVICES, type ConsentMap } from "./consent-cookie";
export type { ConsentKind } from "./consent-machine";
export { ConsentProvider } from "./consent-provider";
export { ConsentSlot } from "./consent-slot";
export { CookiePreferencesButton } from "./cookie-preferences-button";
export { CONSENT_LABEL_KEYS, withService, type ConsentLabels } from "./labels";
export { playerService, SERVICE_ID, siteServices, type ConsentService } from "./services";
export { useConsentEvent, useConsentState, useConsentStore, useServiceConsent } from "./use-consent";
