import { getEnv, type Env } from "../env/env";

/**
 * The Content API the site reads, from PRISMIC_ENDPOINT; undefined for the bundled
 * repository. Relative imports only, so next.config can read it too (the toolbar's CSP).
 */
export function configuredEndpoint(env: Pick<Env, "PRISMIC_ENDPOINT"> = getEnv()): string | undefined {
  return env.PRISMIC_ENDPOINT;
}
