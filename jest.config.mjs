import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/**
 * Node tests (server code, and the workspace packages' tests beside their source) and DOM
 * tests (components) in one run. A package resolves through its node_modules symlink to
 * packages/<name>/, outside node_modules, so next/jest compiles its TypeScript like the site's.
 */
const shared = {
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1" },
};

const nodeProject = await createJestConfig({
  ...shared,
  displayName: "node",
  testEnvironment: "node",
  testMatch: ["<rootDir>/__tests__/**/*.test.ts", "<rootDir>/packages/*/src/**/*.test.ts"],
})();

const domProject = await createJestConfig({
  ...shared,
  displayName: "dom",
  testEnvironment: "jsdom",
  testMatch: ["<rootDir>/__tests__/**/*.test.tsx"],
  setupFilesAfterEnv: ["<rootDir>/__tests__/setup-dom.ts"],
})();

// Lenis ships ES modules only; Jest runs CommonJS, so it is compiled like the packages Next transpiles.
domProject.transformIgnorePatterns = domProject.transformIgnorePatterns.map((pattern) =>
  pattern.replace("(@prismicio/react|", "(lenis|@prismicio/react|"),
);

const config = { projects: [nodeProject, domProject] };

export default config;
