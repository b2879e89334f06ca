import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";

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
    // The site reaches a workspace package through its name and exports, never into its folder.
    ignores: ["packages/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [{ group: ["**/packages/**", "@/packages/**"], message: "Import it by package name." }],
        },
      ],
    },
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
];

export default config;
