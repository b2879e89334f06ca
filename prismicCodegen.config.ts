import type { Config } from "prismic-ts-codegen";

/**
 * prismic-ts-codegen configuration: generates `prismicio-types.d.ts` from the
 * local Slice Machine models. Run with `npm run types:generate`.
 */
const config: Config = {
  repositoryName: "vif-argent",
  output: "./prismicio-types.d.ts",
  typesProvider: "@prismicio/client",
  clientIntegration: {
    includeCreateClientInterface: true,
    includeContentNamespace: true,
  },
  locales: ["fr-fr", "en-gb"],
  models: {
    files: ["./customtypes/**/index.json", "./slices/**/model.json"],
    fetchFromRepository: false,
  },
};

export default config;
