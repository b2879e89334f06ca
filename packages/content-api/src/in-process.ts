import path from "node:path";

import { ContentStore } from "./content-store";
import { createContentApiHandler } from "./handler";
import type { ErrorReporter } from "./types";

/**
 * A repository answered inside the caller's own process: no port, no network. One store
 * per folder per process, kept on globalThis because Next can load this module more than
 * once (each copy would otherwise read and watch the folder on its own).
 */

/** A host that can never resolve, so a request that escapes the in-process fetch fails at once. */
export const BUNDLED_ENDPOINT = "http://bundled-content.invalid/api/v2";

export interface BundledContentOptions {
  /** The repository folder (resolved against the working directory when relative). */
  dir: string;
  /** Where failures are reported: a broken edit, an error answered as a 500. */
  onError: ErrorReporter;
  /** The secret release refs are derived from (releaseRef); unset, no release can be previewed. */
  previewSecret?: string;
}

export interface BundledContentApi {
  /** A `fetch` that answers from the repository, for @prismicio/client's `fetch` option. */
  fetch: typeof fetch;
  /** After a publish webhook: re-checks the files now; resolves once every later read sees them. */
  reload: () => Promise<void>;
}

const registry: Map<string, BundledContentApi> = ((
  globalThis as { __bundledContentApis?: Map<string, BundledContentApi> }
).__bundledContentApis ??= new Map());

/** The API over `dir`, created on first use; later calls for the same folder share it (and its options). */
export function bundledContentApi({ dir, onError, previewSecret }: BundledContentOptions): BundledContentApi {
  const key = path.resolve(dir);
  let api = registry.get(key);
  if (!api) {
    const store = new ContentStore({ dir: key, onError, previewSecret });
    const handler = createContentApiHandler({ store, onError });
    api = {
      fetch: async (input, init) =>
        handler(new Request(input instanceof Request ? input : String(input), init)),
      reload: async () => {
        store.markStale();
        await store.snapshot();
      },
    };
    registry.set(key, api);
  }
  return api;
}
