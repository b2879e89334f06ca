/**
 * A chunk that fails to load (usually a deploy replaced the files a tab still
 * references) is fixed by a full reload. Reload once per page within a window,
 * so a chunk that keeps failing shows the error page instead of a reload loop.
 * The window outlasts any reload that ends in the same failure, a slow one
 * included (a stalled chunk can take a minute to fail): a window shorter than
 * that would reload again on every failure, for ever. A deploy a few minutes
 * later gets its own reload.
 */
const CHUNK_ERROR =
  /ChunkLoadError|Loading chunk [\w-]+ failed|Loading CSS chunk|Failed to fetch dynamically imported module|Importing a module script failed/i;

export const RELOAD_WINDOW_MS = 5 * 60_000;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return CHUNK_ERROR.test(error.name) || CHUNK_ERROR.test(error.message);
}

/**
 * True when the caller should reload now; records the reload so the next failure does not.
 * `openStorage` is called here, inside the guard: where storage is disabled, merely reading
 * `window.sessionStorage` throws.
 */
export function shouldReloadForChunkError(
  error: unknown,
  pathname: string,
  openStorage: () => Pick<Storage, "getItem" | "setItem">,
  now = Date.now(),
): boolean {
  if (!isChunkLoadError(error)) return false;
  const key = `chunk-reload:${pathname}`;
  let storage: Pick<Storage, "getItem" | "setItem">;
  let last = 0;
  try {
    storage = openStorage();
    last = Number(storage.getItem(key)) || 0;
  } catch {
    return false; // storage unavailable: never risk a loop
  }
  // A reload recorded "later" than now means the clock was set back since: it tells nothing of how
  // recent that reload was, and honouring it would refuse every reload until the clock caught up.
  const elapsed = now - last;
  if (elapsed >= 0 && elapsed < RELOAD_WINDOW_MS) return false;
  try {
    storage.setItem(key, String(now));
  } catch {
    return false;
  }
  return true;
}

/** The status code an error carries (from a server response), or 500. */
export function statusCodeOf(error: unknown): number {
  const candidate = (error as { statusCode?: unknown; status?: unknown } | null) ?? {};
  const code = Number(candidate.statusCode ?? candidate.status);
  return Number.isInteger(code) && code >= 400 && code <= 599 ? code : 500;
}
