import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/**
 * Every Jest test sits beside the code it tests (`name.test.ts`, or
 * `folder.test.ts` when it covers several modules of one folder), the
 * workspace packages' included. Node tests (`.test.ts`: logic, server code)
 * and DOM tests (`.test.tsx`: components) run in one command; browser tests
 * are Playwright's (`e2e/*.spec.ts`). A package resolves through its
 * node_modules symlink to packages/<name>/, outside node_modules, so next/jest
 * compiles its TypeScript like the site's.
 */
const shared = {
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1" },
  // Never read by Jest's file crawl: `npm test` builds the site while Jest starts, and a build
  // rewriting `.next/` under the crawl failed it (a `package.json` gone between listing and reading).
  modulePathIgnorePatterns: ["<rootDir>/\\.next/", "<rootDir>/\\.bench-build/", "<rootDir>/test-results/"],
  testPathIgnorePatterns: [
    "/node_modules/",
    "/.next/",
    "/.bench-build/",
    "/.cache/",
    "/test-results/",
    "/e2e/",
  ],
};

const nodeProject = await createJestConfig({
  ...shared,
  displayName: "node",
  testEnvironment: "node",
  testMatch: ["<rootDir>/**/*.test.ts"],
})();

const domProject = await createJestConfig({
  ...shared,
  displayName: "dom",
  testEnvironment: "jsdom",
  testMatch: ["<rootDir>/**/*.test.tsx"],
  setupFilesAfterEnv: ["<rootDir>/test-support/setup-dom.ts"],
})();

// Lenis ships ES modules only; Jest runs CommonJS, so it is compiled like the packages Next transpiles.
domProject.transformIgnorePatterns = domProject.transformIgnorePatterns.map((pattern) =>
  pattern.replace("(@prismicio/react|", "(lenis|@prismicio/react|"),
);

const config = { projects: [nodeProject, domProject] };

export default config;
