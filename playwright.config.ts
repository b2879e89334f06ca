import path from "node:path";

import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests: Debian's Chromium (or CHROMIUM_PATH) against the production
 * build served on loopback. No browser download, no outside network.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/playwright",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  // Visual baselines (e2e/visual.spec.ts), one folder for all; `npm run test:visual:update` rewrites them.
  snapshotPathTemplate: "{testDir}/__screenshots__/{arg}{ext}",
  expect: {
    toHaveScreenshot: {
      // Anti-aliasing may differ by a few pixels; anything that moves the layout differs by far more.
      maxDiffPixelRatio: 0.005,
      threshold: 0.2,
      animations: "disabled",
      caret: "hide",
      scale: "css",
    },
  },
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      // Keep Chromium off the network: this machine has none, and tests never contact outside hosts.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        // Never throttle a page Chromium thinks is hidden or covered: after a few hundred tests, a
        // fresh page once stopped getting frames and its screenshot waited forever.
        "--disable-backgrounding-occluded-windows",
        "--disable-renderer-backgrounding",
        "--disable-background-timer-throttling",
      ],
    },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"] }, testIgnore: "visual.spec.ts" },
    // The screenshots in a browser of their own (a separate project runs in a fresh worker), not one
    // that has already run every other suite.
    { name: "visual", use: { ...devices["Desktop Chrome"] }, testMatch: "visual.spec.ts" },
  ],
  webServer: {
    command: "npm run build && npm run start",
    url: baseURL,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      NEXT_TELEMETRY_DISABLED: "1",
      PRISMIC_WEBHOOK_SECRET: "e2e-webhook-secret",
      // Registers audience measurement, so consent tests see Google's tag asked for (and intercepted).
      NEXT_PUBLIC_GA_MEASUREMENT_ID: "G-E2ETEST01",
      // No SMTP: accepted messages land in this outbox, which the contact tests read. The limits
      // are relaxed here (a person's 1 s, many messages); a second server checks the defaults.
      CONTACT_OUTBOX_DIR: path.resolve(__dirname, "test-results/outbox"),
      CONTACT_MIN_FILL_MS: "1000",
      CONTACT_RATE_LIMIT: "1000/600",
    },
  },
});
