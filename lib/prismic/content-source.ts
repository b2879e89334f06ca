import path from "node:path";

import { getRepositoryName } from "@prismicio/client";
import { BUNDLED_ENDPOINT, bundledContentApi } from "@vifargent/content-api/in-process";

import { getEnv, type Env } from "@/lib/env/env";
import { logger } from "@/lib/log/logger.mjs";
import { boundedFetch } from "@/lib/prismic/bounded-fetch";
import { configuredEndpoint } from "@/lib/prismic/endpoint";
import { measuredFetch } from "@/lib/prismic/measured-fetch";
import sliceMachineConfig from "@/slicemachine.config.json";

/**
 * Where content comes from: a Prismic-compatible API named by PRISMIC_ENDPOINT
 * (hosted Prismic, or `npm run content:serve`), else the bundled repository in-process.
 */

export interface ContentSource {
  repositoryName: string;
  endpoint: string;
  accessToken: string | undefined;
  fetch: typeof fetch;
  /** True for the bundled repository: no Prismic toolbar, no hosted services. */
  bundled: boolean;
}

/** The bundled repository's folder: CONTENT_DIR (default content/) from the working directory. */
export function contentDir(env: Env = getEnv()): string {
  // Read at run time from the working directory, not traced into the bundle.
  return path.resolve(/* turbopackIgnore: true */ process.cwd(), env.CONTENT_DIR);
}

/** The bundled repository answered in-process; what it cannot answer is logged like the site's errors. */
export function bundledContent(env: Env = getEnv()) {
  return bundledContentApi({
    dir: contentDir(env),
    previewSecret: env.CONTENT_PREVIEW_SECRET,
    onError: (message, error) => logger.error({ err: error }, `[content-api] ${message}`),
  });
}

function repositoryNameFor(endpoint: string): string {
  try {
    return getRepositoryName(endpoint);
  } catch {
    // Not a prismic.io URL (for example `npm run content:serve`): the bundled repository's name.
    return sliceMachineConfig.repositoryName;
  }
}

export function contentSource(env: Env = getEnv()): ContentSource {
  const endpoint = configuredEndpoint(env);
  const timeoutMs = () => env.PRISMIC_REQUEST_TIMEOUT_MS;
  if (endpoint) {
    return {
      repositoryName: repositoryNameFor(endpoint),
      endpoint,
      accessToken: env.PRISMIC_ACCESS_TOKEN,
      fetch: measuredFetch(boundedFetch(globalThis.fetch, timeoutMs())),
      bundled: false,
    };
  }
  return {
    repositoryName: sliceMachineConfig.repositoryName,
    endpoint: BUNDLED_ENDPOINT,
    accessToken: undefined,
    // Looked up per request: no store is made before content is read (prismicio.ts calls this at import).
    fetch: measuredFetch(boundedFetch((input, init) => bundledContent().fetch(input, init), timeoutMs())),
    bundled: true,
  };
}
