import path from "node:path";

import { ContentStore } from "./content-store";
import { createContentApiHandler, type ContentApiHandler } from "./handler";

/**
 * The bundled repository, answered inside the site's own process: no port,
 * no network. One store per folder per process (kept on globalThis because
 * Next can load this module more than once).
 */

/** A host that can never resolve, so a request that escapes the in-process fetch fails at once. */
export const BUNDLED_ENDPOINT = "http://bundled-content.invalid/api/v2";

interface BundledApi {
  store: ContentStore;
  handler: ContentApiHandler;
}

const registry = ((globalThis as { __bundledContentApis?: Map<string, BundledApi> }).__bundledContentApis ??=
  new Map());

export function contentDir(): string {
  // Read at run time from the working directory (or CONTENT_DIR), not traced into the bundle.
  return path.resolve(/* turbopackIgnore: true */ process.cwd(), process.env.CONTENT_DIR || "content");
}

function bundledApi(dir = contentDir()): BundledApi {
  let api = registry.get(dir);
  if (!api) {
    const store = new ContentStore({ dir });
    api = { store, handler: createContentApiHandler({ store }) };
    registry.set(dir, api);
  }
  return api;
}

export function bundledContentApi(dir = contentDir()): ContentApiHandler {
  return bundledApi(dir).handler;
}

/** After a publish webhook: the next read re-checks the files at once. */
export function markBundledContentStale(): void {
  bundledApi().store.markStale();
}

/** A `fetch` that answers from the bundled repository. */
export const bundledFetch: typeof fetch = async (input, init) =>
  bundledContentApi()(new Request(input instanceof Request ? input : String(input), init));
