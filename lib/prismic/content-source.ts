import { getRepositoryName } from "@prismicio/client";

import { BUNDLED_ENDPOINT, bundledFetch } from "@/lib/content-api/in-process";
import { getEnv, type Env } from "@/lib/env";
import { boundedFetch } from "@/lib/prismic/bounded-fetch";
import { configuredEndpoint } from "@/lib/prismic/endpoint";
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
      fetch: boundedFetch(globalThis.fetch, timeoutMs()),
      bundled: false,
    };
  }
  return {
    repositoryName: sliceMachineConfig.repositoryName,
    endpoint: BUNDLED_ENDPOINT,
    accessToken: undefined,
    fetch: boundedFetch(bundledFetch, timeoutMs()),
    bundled: true,
  };
}
