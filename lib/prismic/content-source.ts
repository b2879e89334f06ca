import path from "node:path";

import { getRepositoryName } from "@prismicio/client";
import { BUNDLED_ENDPOINT, bundledContentApi } from "@vifargent/content-api/in-process";

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

export const DEFAULT_TIMEOUT_MS = 10_000;

function timeoutMs(): number {
  const raw = process.env.PRISMIC_REQUEST_TIMEOUT_MS;
  if (raw === undefined || raw === "") return DEFAULT_TIMEOUT_MS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`PRISMIC_REQUEST_TIMEOUT_MS must be a positive integer of milliseconds, got "${raw}"`);
  }
  return value;
}

/** The bundled repository's folder: CONTENT_DIR (default content/) from the working directory. */
export function contentDir(): string {
  // Read at run time from the working directory, not traced into the bundle.
  return path.resolve(/* turbopackIgnore: true */ process.cwd(), process.env.CONTENT_DIR || "content");
}

/** The bundled repository answered in-process; what it cannot answer is logged like the site's errors. */
export function bundledContent() {
  return bundledContentApi({
    dir: contentDir(),
    onError: (message, error) => console.error(`[content-api] ${message}:`, error),
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

export function contentSource(env: NodeJS.ProcessEnv = process.env): ContentSource {
  const endpoint = configuredEndpoint(env);
  if (endpoint) {
    if (!/^https?:\/\//.test(endpoint))
      throw new Error(`PRISMIC_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
    return {
      repositoryName: repositoryNameFor(endpoint),
      endpoint,
      accessToken: env.PRISMIC_ACCESS_TOKEN || undefined,
      fetch: boundedFetch(globalThis.fetch, timeoutMs()),
      bundled: false,
    };
  }
  return {
    repositoryName: sliceMachineConfig.repositoryName,
    endpoint: BUNDLED_ENDPOINT,
    accessToken: undefined,
    // Looked up per request: no store is made before content is read (prismicio.ts calls this at import).
    fetch: boundedFetch((input, init) => bundledContent().fetch(input, init), timeoutMs()),
    bundled: true,
  };
}
