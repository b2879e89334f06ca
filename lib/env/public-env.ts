/**
 * What Next writes into the bundles at build, browser ones included: NEXT_PUBLIC_* variables and
 * NODE_ENV. Next inlines `process.env.X` only where it is written literally, so
 * they are spelled out here, in a module without imports that browser code may load. lib/env/env.ts
 * validates the NEXT_PUBLIC_* ones with every other variable (at build and at start): server code
 * reads them from there.
 */

/** NEXT_PUBLIC_* as this bundle was built with them (the server reads them through lib/env/env.ts). */
export function publicEnvSource(): Record<string, string | undefined> {
  return {
    NEXT_PUBLIC_SITE_URL: process.env.NEXT_PUBLIC_SITE_URL,
    NEXT_PUBLIC_GA_MEASUREMENT_ID: process.env.NEXT_PUBLIC_GA_MEASUREMENT_ID,
  };
}

/** "production" in a production build, "development" under `next dev`, "test" under Jest. */
export function nodeEnv(): string | undefined {
  return process.env.NODE_ENV;
}
