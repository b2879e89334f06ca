import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/** Node tests (content API, server code) and DOM tests (components) in one run. */
const shared = {
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1" },
};

const nodeProject = await createJestConfig({
  ...shared,
  displayName: "node",
  testEnvironment: "node",
  testMatch: ["<rootDir>/__tests__/**/*.test.ts"],
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
