/**
 * The Content API the site reads, from PRISMIC_ENDPOINT; undefined for the bundled
 * repository. Free of imports so next.config can read it too (the toolbar's CSP).
 */
export function configuredEndpoint(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.PRISMIC_ENDPOINT?.trim() || undefined;
}
