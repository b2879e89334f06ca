/**
 * Google Analytics 4 under Google Consent Mode v2: everything denied until the
 * visitor allows audience measurement; the tag loads only then, and refusing
 * later stops it and removes its cookies without a reload.
 */
import Cookies from "js-cookie";

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

const GTAG_ORIGIN = "https://www.googletagmanager.com";

/**
 * Inline in <head>, before any tag: defines gtag and denies every consent
 * type by default (Consent Mode v2). Static text, so a CSP can allow it by hash.
 */
export const CONSENT_MODE_DEFAULTS =
  "window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}window.gtag=gtag;" +
  "gtag('consent','default',{ad_storage:'denied',ad_user_data:'denied',ad_personalization:'denied'," +
  "analytics_storage:'denied',functionality_storage:'denied',personalization_storage:'denied'," +
  "security_storage:'granted'});";

/** GA4's own cookies: _ga, _ga_<container>, and the older _gid and _gat_*. */
export function analyticsCookieNames(cookieNames: readonly string[]): string[] {
  return cookieNames.filter((name) => /^(_ga|_gid)$|^_ga_|^_gat/.test(name));
}

/**
 * The domains a tag may have set its cookies on: the host and each parent
 * (GA writes on the widest one it can). An IP address has no parent.
 */
export function cookieDomains(hostname: string): string[] {
  if (!hostname.includes(".") || /^[\d.]+$/.test(hostname) || hostname.includes(":")) return [];
  const labels = hostname.split(".");
  return labels.slice(0, -1).map((_, index) => labels.slice(index).join("."));
}

let loadedId: string | undefined;
/** Whether analytics storage is granted now: updates are sent on changes only. */
let granted = false;

function gtag(...args: unknown[]) {
  // The inline defaults define it; without them (no id configured) there is nothing to tell.
  window.gtag?.(...args);
}

export function startAnalytics(measurementId: string): void {
  (window as unknown as Record<string, boolean>)[`ga-disable-${measurementId}`] = false;
  if (!granted) gtag("consent", "update", { analytics_storage: "granted" });
  granted = true;
  // Once per page: Strict Mode, remounts and repeated saves never load the tag twice.
  if (loadedId === measurementId || !window.gtag) return;
  loadedId = measurementId;
  const script = document.createElement("script");
  script.async = true;
  script.src = `${GTAG_ORIGIN}/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.append(script);
  gtag("js", new Date());
  gtag("config", measurementId);
}

export function stopAnalytics(measurementId: string): void {
  if (granted) gtag("consent", "update", { analytics_storage: "denied" });
  granted = false;
  // Google's documented switch: the loaded tag sends nothing more while it is true.
  (window as unknown as Record<string, boolean>)[`ga-disable-${measurementId}`] = true;
  // Always, even with nothing granted on this page: another tab may have left GA's cookies.
  const names = analyticsCookieNames(Object.keys(Cookies.get()));
  const domains = cookieDomains(window.location.hostname);
  for (const name of names) {
    Cookies.remove(name, { path: "/" });
    for (const domain of domains) Cookies.remove(name, { path: "/", domain });
  }
}
