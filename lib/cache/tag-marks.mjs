// @ts-check
/**
 * Publishing marks pages stale; it never deletes them. Next keeps a tag's marks (when it went
 * stale, when it expires) in a map of its own process (`tagsManifest`) and compares each cached
 * page's tags with it: a page older than its tag's stale mark is served as it is while a new
 * render replaces it (stale-while-revalidate), and the old page stays if that render fails. With
 * several instances sharing Redis, each one's map must hold the marks any of them made: here the
 * marks are written to one Redis hash beside the pages and read back into each process's map
 * before a page is read. (The Redis handler's own revalidateTag deletes the tagged pages: it is not
 * called.) Plain JavaScript: cache-handler.mjs loads it at run time.
 */

/**
 * @typedef {{ stale?: number; expired?: number }} TagMark
 * @typedef {Map<string, TagMark>} TagManifest
 */

/**
 * The marks `tags` get at `now`, merged into what each had, as Next's own file-system handler does:
 * with durations (a profile such as "max"), stale now and expired after the profile's `expire`;
 * without, expired now.
 * @param {TagManifest} manifest
 * @param {string[]} tags
 * @param {{ expire?: number } | undefined} durations
 * @param {number} now
 * @returns {Array<[string, TagMark]>}
 */
export function markTags(manifest, tags, durations, now) {
  return tags.map((tag) => {
    const existing = manifest.get(tag) ?? {};
    if (!durations) return [tag, { ...existing, expired: now }];
    const mark = { ...existing, stale: now };
    if (durations.expire !== undefined) mark.expired = now + durations.expire * 1000;
    return [tag, mark];
  });
}

/** The latest time a mark was made (its stale or expired time, whichever is later). @param {TagMark | undefined} mark */
const madeAt = (mark) => Math.max(mark?.stale ?? 0, mark?.expired ?? 0);

/**
 * Marks read from Redis, merged into the process's map: each tag keeps the later of the two.
 * @param {TagManifest} manifest
 * @param {Record<string, string>} stored the hash's fields (tag → JSON mark)
 */
export function mergeStoredMarks(manifest, stored) {
  for (const [tag, text] of Object.entries(stored)) {
    let mark;
    try {
      mark = JSON.parse(text);
    } catch {
      continue;
    }
    if (typeof mark !== "object" || mark === null) continue;
    /** @type {TagMark} */
    const clean = {};
    if (Number.isFinite(mark.stale)) clean.stale = mark.stale;
    if (Number.isFinite(mark.expired)) clean.expired = mark.expired;
    if (madeAt(clean) > madeAt(manifest.get(tag))) manifest.set(tag, clean);
  }
}

/**
 * @typedef {{ hSet(key: string, fields: Record<string, string>): Promise<unknown>;
 *   hGetAll(key: string): Promise<Record<string, string>>;
 *   expire(key: string, seconds: number): Promise<unknown> }} MarkStore
 */

/**
 * The shared marks of one build, in the Redis hash `key`.
 * `mark` records tags' marks here and in Redis; `sync` reads Redis's into the map (at most every
 * `syncEveryMs`: a page read within that time of another instance's publish may be served once
 * more as fresh). Redis failures go to `failed` and leave the map as it is.
 * @param {{ store: () => MarkStore | undefined; key: string; manifest: TagManifest; keepSeconds: number;
 *   failed: (error: unknown) => void; now?: () => number; syncEveryMs?: number }} options
 */
export function sharedTagMarks({
  store,
  key,
  manifest,
  keepSeconds,
  failed,
  now = Date.now,
  syncEveryMs = 250,
}) {
  let lastSync = -Infinity;
  /** @type {Promise<void> | undefined} */
  let syncing;
  return {
    /** @param {string[]} tags @param {{ expire?: number } | undefined} durations */
    async mark(tags, durations) {
      const marks = markTags(manifest, tags, durations, now());
      for (const [tag, mark] of marks) manifest.set(tag, mark);
      const redis = store();
      if (!redis || marks.length === 0) return;
      try {
        await redis.hSet(key, Object.fromEntries(marks.map(([tag, mark]) => [tag, JSON.stringify(mark)])));
        await redis.expire(key, keepSeconds);
      } catch (error) {
        failed(error);
      }
    },
    /** Reads the marks other instances made, unless read within `syncEveryMs`. */
    sync() {
      if (syncing) return syncing;
      if (now() - lastSync < syncEveryMs) return Promise.resolve();
      const redis = store();
      if (!redis) return Promise.resolve();
      syncing = redis
        .hGetAll(key)
        .then((stored) => {
          mergeStoredMarks(manifest, stored);
          lastSync = now();
        })
        .catch((error) => failed(error))
        .finally(() => {
          syncing = undefined;
        });
      return syncing;
    },
  };
}
