import path from "node:path";

/**
 * The environment the browser tests' site is built and started with: Playwright's webServer
 * (playwright.config.ts) and `npm test`, which builds the site while Jest runs
 * (scripts/run-tests.mjs), read it here, so the build they test is the same either way.
 */
/** The bundled repository's preview secret in the browser tests (its release links derive from it). */
export const E2E_PREVIEW_SECRET = "e2e-preview-secret-0123456789abcdefghijklmnop";

export function siteEnv(root: string, port: number): Record<string, string> {
  return {
    PORT: String(port),
    HOST: "127.0.0.1",
    NEXT_TELEMETRY_DISABLED: "1",
    PRISMIC_WEBHOOK_SECRET: "e2e-webhook-secret",
    CONTENT_PREVIEW_SECRET: E2E_PREVIEW_SECRET,
    // Registers audience measurement, so consent tests see Google's tag asked for (and intercepted).
    NEXT_PUBLIC_GA_MEASUREMENT_ID: "G-E2ETEST01",
    // No SMTP: accepted messages land in this outbox, which the contact tests read. The limits
    // are relaxed here (a person's 1 s, many messages); a second server checks the defaults.
    CONTACT_OUTBOX_DIR: path.join(root, "test-results", "outbox"),
    CONTACT_MIN_FILL_MS: "1000",
    CONTACT_RATE_LIMIT: "1000/600",
    // The consent records, which the consent tests read; every test's clicks come from one address.
    CONSENT_STORE_DIR: path.join(root, "test-results", "consent"),
    CONSENT_RATE_LIMIT: "1000/600",
    // Playwright prints the server's output: a line per request would bury everything else.
    ACCESS_LOG: "off",
  };
}

/** The port the suite's site listens on: E2E_PORT, or 3100. */
export function sitePort(env: Record<string, string | undefined> = process.env): number {
  return Number(env.E2E_PORT ?? 3100);
}
