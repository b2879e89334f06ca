import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";

/**
 * The architecture's boundaries (README.md, "Architecture": app → slices → features → components → lib), as import rules: a
 * wrong import fails `npm run lint`. `@/x` and relative paths are both caught.
 */
const FEATURE_INTERNALS = {
  group: ["@/features/*/*", "**/features/*/*"],
  message: "Import a feature from its public face, `@/features/<name>` (its index.ts), not its internals.",
};
/** The site reaches a workspace package through its name and exports, never into its folder. */
const PACKAGE_INTERNALS = {
  group: ["**/packages/**", "@/packages/**"],
  message: "Import it by package name.",
};
/** Links are SiteLink's plain anchors, which one listener hands to the app router: no next/link. */
const NEXT_LINK = {
  name: "next/link",
  message: "Use SiteLink (@/components/site-link/site-link): a plain <a> that ClientNavigation follows.",
};
// ESLint keeps only the last setting of a rule per file: every boundary carries the package and
// link rules.
const restrict = (...patterns) => [
  "error",
  { paths: [NEXT_LINK], patterns: [PACKAGE_INTERNALS, ...patterns] },
];
/**
 * The project's root files (prismicio.ts for Slice Machine, proxy.ts, instrumentation.ts, the
 * configs) sit above lib/: lib imports none of them (Slice Machine's prismicio.ts re-exports
 * lib/prismic/client.ts, never the reverse).
 */
const ROOT_FILES = {
  group: [
    "@/*",
    "!@/lib",
    "!@/lib/**",
    // The folders above lib/ have their own message (below).
    ...["app", "components", "features", "slices", "server"].flatMap((folder) => [
      `!@/${folder}`,
      `!@/${folder}/**`,
    ]),
    // Data, not code: the repository's name, which Slice Machine reads from the same file.
    "!@/slicemachine.config.json",
    // lib's tests start the same Redis and generate the same attacks as the other suites.
    "!@/test-support",
    "!@/test-support/**",
    "**/prismicio",
    "**/proxy",
    "**/instrumentation",
    "**/cache-handler.mjs",
    "**/next.config",
    "**/next.config.ts",
    "**/proxy.ts",
    "**/instrumentation.ts",
  ],
  message:
    "lib/ never imports the project's root files: move what lib needs into lib/ (as lib/prismic/client.ts).",
};
/**
 * Tools a person runs (`npm run bench*`, the test runner, the content and font generators, the
 * accessibility audit): their output is a report for a person, and they are never part of the site.
 */
const TOOLS = [
  "bench/**",
  "scripts/**",
  "content/tools/**",
  "lib/fonts/tools/**",
  "features/accessibility/audit/**",
];

/** What lib/ may not import: the layers above it. */
const LIB_UPWARD = {
  group: [
    "@/app/*",
    "@/components/*",
    "@/features/*",
    "@/features",
    "@/slices/*",
    "@/slices",
    "@/server/*",
    "**/app/*",
    "**/components/*",
    "**/features/*",
    "**/slices/*",
    "**/server/*",
  ],
  message: "lib/ is shared code: it never imports app/, components/, features/, slices/ or server/.",
};

/** What a feature may not import: routes and slices, which compose features. */
const ROUTES_AND_SLICES = ["@/app/*", "@/slices/*", "@/slices", "**/app/*", "**/slices/*"];

const TOOLS_E2E = {
  group: ["@/e2e/*", "**/e2e/*", "**/e2e"],
  message: "Tools never import e2e/: move what both need to test-support/ or lib/.",
};

const boundaries = [
  {
    // Shared code: imports no route, component, feature or slice, so anything may use it.
    files: ["lib/**"],
    rules: {
      "no-restricted-imports": restrict(LIB_UPWARD, ROOT_FILES),
    },
  },
  {
    // What runs before Next (npm start's front): plain JavaScript Node loads as it is, on shared
    // lib/ modules only; never the site's pages, components or features, which only Next's build
    // compiles.
    files: ["server/**/*.mjs"],
    rules: {
      "no-restricted-imports": restrict({
        group: ["@/*", "**/app/*", "**/components/*", "**/features/*", "**/slices/*", "*.ts", "**/*.ts"],
        message:
          "server/ runs uncompiled before Next: it imports its own modules and lib/'s plain-JS ones by relative path.",
      }),
    },
  },
  {
    // A feature uses its own modules by relative path, and other features only through their index.
    files: ["features/**"],
    rules: {
      "no-restricted-imports": restrict(FEATURE_INTERNALS, {
        group: ["../*", ...ROUTES_AND_SLICES],
        message:
          "A feature imports its own modules as ./x, other features as @/features/<name>, and never routes or slices.",
      }),
    },
  },
  {
    // Shared UI renders what it is given: a feature's piece it shows is passed in (PageIntro takes
    // its lead rendered), and the work page's slice zone is composed in app/.
    files: ["components/**"],
    rules: {
      "no-restricted-imports": restrict({
        group: [
          "@/features/*",
          "@/features",
          "@/slices/*",
          "@/slices",
          "@/app/*",
          "**/features/*",
          "**/slices/*",
          "**/app/*",
        ],
        message:
          "components/ is below features/, slices/ and app/: take the feature's piece as a prop (rendered, or a render function), or move this component into the feature.",
      }),
    },
  },
  {
    files: ["app/**", "slices/**", "*.ts", "*.mjs", "e2e/**", "test-support/**"],
    rules: { "no-restricted-imports": restrict(FEATURE_INTERNALS) },
  },
  {
    // A slice renders one block of a page with what features and components offer; routes compose
    // slices, never the reverse.
    files: ["slices/**"],
    rules: {
      "no-restricted-imports": restrict(FEATURE_INTERNALS, {
        group: ["@/app/*", "**/app/*"],
        message: "slices/ never imports app/: what a slice and a route both need goes in a feature or lib/.",
      }),
    },
  },
  {
    // Tools and benchmarks stand on their own: browser-test code is not a library.
    files: TOOLS,
    rules: {
      "no-restricted-imports": restrict(FEATURE_INTERNALS, TOOLS_E2E),
    },
  },
  {
    // The font tools live in lib/ beside the files they write: lib's boundaries hold for them too.
    files: ["lib/fonts/tools/**"],
    rules: { "no-restricted-imports": restrict(LIB_UPWARD, ROOT_FILES, TOOLS_E2E) },
  },
  {
    // The accessibility audit lives in its feature beside the results it writes: a feature's
    // boundaries hold for it too, and it reads its feature's modules above it (the results' schema).
    files: ["features/accessibility/audit/**"],
    rules: {
      "no-restricted-imports": restrict(FEATURE_INTERNALS, TOOLS_E2E, {
        group: ROUTES_AND_SLICES,
        message:
          "A feature's tool never imports routes or slices: what both need goes in the feature or lib/.",
      }),
    },
  },
];

/** The site's code: what `npm run build` bundles or `npm start` runs, and the command-line tools built on it. */
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
  "server/**",
  "cache-handler.mjs",
];

/**
 * The only readers of process.env: lib/env/env.ts (every variable, parsed and checked once),
 * lib/env/public-env.ts (NEXT_PUBLIC_* and NODE_ENV written literally, as Next inlines them) and
 * lib/env/runtime-env.mjs, the plain-JavaScript twin through which the files Node and Next
 * load uncompiled (server/, cache-handler.mjs, lib/cache/shared-cache.mjs, lib/log/logger.mjs)
 * read the same variables. (instrumentation.ts also tests NEXT_RUNTIME literally, as Next
 * documents, on a line of its own that says so.)
 */
/** Tests beside the code drive it with an env object, and may start programs with an environment. */
const TESTS = ["**/*.test.ts", "**/*.test.tsx"];

const ENV_MODULES = ["lib/env/env.ts", "lib/env/public-env.ts", "lib/env/runtime-env.mjs"];

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  prettier,
  ...boundaries,
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      ".bench-build/**",
      ".cache/**",
      "coverage/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
      "prismicio-types.d.ts",
    ],
  },
  {
    // The content API stands alone: nothing from the site.
    files: ["packages/content-api/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@/*", "../../*"], message: "The package imports nothing from the site." }] },
      ],
    },
  },
  {
    // Its library takes settings and a logger from its caller; only its CLIs read the
    // environment and print.
    files: ["packages/content-api/src/**"],
    ignores: ["packages/content-api/src/cli/**", "**/*.test.ts"],
    rules: {
      "no-console": "error",
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message: "Take it as an option; the CLI reads the environment.",
        },
      ],
    },
  },
  {
    files: SITE_CODE,
    ignores: [...ENV_MODULES, ...TESTS, ...TOOLS],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message:
            "Read settings from lib/env/env.ts (getEnv(), as a parameter's default), never process.env.",
        },
        // Redirects go through lib/net/same-site-redirect.ts, which checks the Location it sends.
        ...["Response", "NextResponse"].map((object) => ({
          object,
          property: "redirect",
          message:
            "Redirect with redirectWithinSite (lib/net/same-site-redirect.ts): it keeps the target on the site.",
        })),
      ],
    },
  },
  {
    // Every line goes through lib/log/logger.mjs (lib/log/client-logger.ts in code shared with the
    // browser). Tests, e2e and the tools (TOOLS) keep the console.
    files: SITE_CODE,
    ignores: [...TESTS, ...TOOLS],
    rules: { "no-console": "error" },
  },
];

export default config;
