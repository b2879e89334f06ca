import { existsSync } from "node:fs";
import path from "node:path";

import { defineConfig, devices } from "@playwright/test";

import { siteEnv, sitePort } from "./e2e/site-env";

/**
 * Browser tests: Debian's Chromium (or CHROMIUM_PATH) against the production
 * build served on loopback. No browser download, no outside network.
 */
const PORT = sitePort();
const baseURL = `http://127.0.0.1:${PORT}`;

/**
 * `E2E_REUSE_BUILD=1` serves the build already in .next instead of building anew: for measuring or
 * re-running specs while working on them. CI and `npm test` leave it unset, so they always test a
 * fresh build of the code they check out.
 */
const reuseBuild =
  process.env.E2E_REUSE_BUILD === "1" && existsSync(path.join(__dirname, ".next", "BUILD_ID"));

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
        // No host but loopback resolves, whatever the page: the fixtures' routes (e2e/fixtures.ts)
        // also abort such requests, and a test that must not intercept requests relies on this.
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
        // (and no proxy from the environment, which would resolve outside hosts itself)
        "--no-proxy-server",
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
    command: reuseBuild ? "npm run start" : "npm run build && npm run start",
    url: baseURL,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: siteEnv(__dirname, PORT),
  },
});
