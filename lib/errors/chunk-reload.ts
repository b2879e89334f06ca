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
  const elapsed = now - last;
  // A reload recorded "later" than now: the clock was set back since, so how recent it was is
  // unknown. Refused (a clock swinging back and forth must not chain reloads), and the record moved
  // to now, so that the window counts from here rather than until the clock catches up.
  const clockSetBack = elapsed < 0;
  if (!clockSetBack && elapsed < RELOAD_WINDOW_MS) return false;
  try {
    storage.setItem(key, String(now));
  } catch {
    return false;
  }
  return !clockSetBack;
}

/** The status code an error carries (from a server response), or 500. */
export function statusCodeOf(error: unknown): number {
  const candidate = (error as { statusCode?: unknown; status?: unknown } | null) ?? {};
  const code = Number(candidate.statusCode ?? candidate.status);
  return Number.isInteger(code) && code >= 400 && code <= 599 ? code : 500;
}
