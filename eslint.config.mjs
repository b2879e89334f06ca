import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";

/** The site's code: what `npm run build` bundles or `npm start` runs, and the outbox CLI built on it. */
const SITE_CODE = [
  "app/**",
  "lib/**",
  "components/**",
  "features/**",
  "slices/**",
  "proxy.ts",
  "instrumentation.ts",
  "prismicio.ts",
  "next.config.ts",
  "server.mjs",
  "cache-handler.mjs",
  "scripts/outbox-flush.ts",
];

/**
 * The bundled Content API becomes a package of its own, with its own CLI (content:serve,
 * content:generate) reading its own variables and printing to the console: not the site's code.
 */
const CONTENT_API = ["lib/content-api/**"];

/**
 * The only readers of process.env: lib/env.ts (every variable, parsed and checked once),
 * lib/public-env.ts (NEXT_PUBLIC_* and NODE_ENV written literally, as Next inlines them) and
 * lib/runtime-env.mjs, the plain-JavaScript twin through which the files Node and Next
 * load uncompiled (server.mjs, cache-handler.mjs, lib/cache/shared-cache.mjs, lib/logger.mjs)
 * read the same variables. (instrumentation.ts also tests NEXT_RUNTIME literally, as Next
 * documents, on a line of its own that says so.)
 */
const ENV_MODULES = ["lib/env.ts", "lib/public-env.ts", "lib/runtime-env.mjs"];

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  prettier,
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      ".bench-build/**",
      "coverage/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
      "prismicio-types.d.ts",
    ],
  },
  {
    files: SITE_CODE,
    ignores: [...CONTENT_API, ...ENV_MODULES],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message: "Read settings from lib/env.ts (getEnv(), as a parameter's default), never process.env.",
        },
      ],
    },
  },
  {
    // Every line goes through lib/logger.mjs (lib/client-logger.ts in code shared with the browser).
    // Tooling keeps the console: tests, e2e, and the scripts whose output is a report for a person
    // (benchmark tables and figures, font subsetting, the lockfile helper, the test runner).
    files: SITE_CODE,
    ignores: CONTENT_API,
    rules: { "no-console": "error" },
  },
];

export default config;
