/**
 * The consent store of record: files under one folder an operator backs up (CONSENT_STORE_DIR),
 * never the Redis cache. Each instance appends to its own file per day, so several instances
 * write into one shared folder without locks or conflicts:
 *
 *   versions/<version id>.json            every notice version ever shown, with its words
 *   records/<YYYY-MM-DD>/<instance>.jsonl  one JSON line per choice, by the day it was recorded
 *
 * A record is written and synced to the disk before the visitor's answer (appends waiting at the
 * same moment share one sync). Nothing is ever rewritten or deleted by a request: records only
 * leave when their day passes the retention period. The folder's size is bounded: past
 * CONSENT_STORE_MAX_MB a record is refused (and counted) rather than filling the disk.
 */
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { link, mkdir, open, readdir, readFile, rm, stat, type FileHandle } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";

import type { ConsentKind } from "@/features/consent";
import type { Env } from "@/lib/env/env";

import { noticeVersionId, VERSION_ID, type NoticeWords } from "./notice-words";

export interface ConsentRecord {
  consentId: string;
  version: string;
  kind: ConsentKind;
  lang: string;
  choices: Record<string, boolean>;
  /** When the visitor chose, by their browser's clock (ISO 8601). */
  choiceAt: string;
  /** When this site wrote the record, by its own clock (ISO 8601). */
  recordedAt: string;
}

export interface StoredVersion {
  id: string;
  /** When a page first showed these words (ISO 8601): the first instance to render them wins. */
  firstShown: string;
  words: NoticeWords;
}

export interface RecordQuery {
  consentId?: string;
  /** First and last days to read (YYYY-MM-DD, by the day the site recorded them), both included. */
  from?: string;
  to?: string;
}

export interface RecordStoreOptions {
  dir: string;
  /** Days a record is kept after the day it was recorded. */
  retentionDays: number;
  /** The folder's bound in bytes: past it, records are refused. */
  maxBytes: number;
  /** This writer's name in file names (default: host name and process id). */
  instance?: string;
  now?: () => number;
}

export type AppendOutcome = "recorded" | "full";

/** The store's settings as the site and `consent:proof` read them from the environment. */
export function storeSettings(
  env: Pick<Env, "CONSENT_STORE_DIR" | "CONSENT_RETENTION_DAYS" | "CONSENT_STORE_MAX_MB">,
): RecordStoreOptions {
  return {
    dir: env.CONSENT_STORE_DIR,
    retentionDays: env.CONSENT_RETENTION_DAYS,
    maxBytes: env.CONSENT_STORE_MAX_MB * 1024 * 1024,
  };
}

const DAY_MS = 86_400_000;
/** A day as the store names its folders (and the command reads its range): YYYY-MM-DD. */
export const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The folder is measured again at least this often: other instances write into it too. */
const MEASURE_EVERY_MS = 60_000;

export function dayOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

function defaultInstance(): string {
  return `${hostname()}-${process.pid}`.replace(/[^A-Za-z0-9._-]/g, "_");
}

/** Makes a new folder entry durable: the folder itself is synced. */
async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await folderBytes(full);
    else total += (await stat(full).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

export function createRecordStore({
  dir,
  retentionDays,
  maxBytes,
  instance = defaultInstance(),
  now = Date.now,
}: RecordStoreOptions) {
  const versionsDir = path.join(dir, "versions");
  const recordsDir = path.join(dir, "records");
  const versions = new Map<string, StoredVersion>();
  /**
   * Bytes in the folder: measured (at the first record, after a prune, and at least every minute,
   * since other instances write too), then counted as this writer appends.
   */
  let used: number | undefined;
  let measuredAt = 0;
  let measuring: Promise<number> | undefined;
  /** The day retention last ran for: it runs again on each new day, whether or not records are taken. */
  let prunedFor: string | undefined;
  let current: { day: string; handle: FileHandle } | undefined;
  let queue: Array<{ line: string; day: string; done: (error?: unknown) => void }> = [];
  let flushing = false;

  async function version(id: string): Promise<StoredVersion | null> {
    if (!VERSION_ID.test(id)) return null;
    const known = versions.get(id);
    if (known) return known;
    let text: string;
    try {
      text = await readFile(path.join(versionsDir, `${id}.json`), "utf8");
    } catch {
      return null;
    }
    const stored = JSON.parse(text) as StoredVersion;
    versions.set(id, stored);
    return stored;
  }

  /** Keeps `words` as a version (once: the first writer's date stays); returns the stored version. */
  async function registerVersion(words: NoticeWords): Promise<StoredVersion> {
    const id = noticeVersionId(words);
    const known = await version(id);
    if (known) return known;
    await mkdir(versionsDir, { recursive: true });
    const stored: StoredVersion = { id, firstShown: new Date(now()).toISOString(), words };
    // Written whole and synced under a temporary name, then linked to its own name, which fails if
    // another instance got there first: a version file is never half-written nor replaced.
    const temporary = path.join(versionsDir, `.${id}.${instance}.${randomUUID()}.tmp`);
    const handle = await open(temporary, "wx");
    try {
      await handle.writeFile(`${JSON.stringify(stored, null, 2)}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await link(temporary, path.join(versionsDir, `${id}.json`));
      await syncDir(versionsDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      await rm(temporary, { force: true });
    }
    return (await version(id)) ?? stored;
  }

  async function listVersions(): Promise<StoredVersion[]> {
    const names = await readdir(versionsDir).catch(() => [] as string[]);
    const found = await Promise.all(
      names.filter((name) => /^[0-9a-f]{16}\.json$/.test(name)).map((name) => version(name.slice(0, 16))),
    );
    return found
      .filter((stored): stored is StoredVersion => stored !== null)
      .sort((a, b) => a.firstShown.localeCompare(b.firstShown));
  }

  /** Removes the days past the retention period; returns how many days went. */
  async function prune(): Promise<number> {
    const oldestKept = dayOf(now() - retentionDays * DAY_MS);
    const days = await readdir(recordsDir).catch(() => [] as string[]);
    const expired = days.filter((day) => DAY.test(day) && day < oldestKept);
    for (const day of expired) await rm(path.join(recordsDir, day), { recursive: true, force: true });
    if (expired.length > 0) used = undefined;
    return expired.length;
  }

  /** This instance's file for `day`, opened for appending. */
  async function fileFor(day: string): Promise<FileHandle> {
    if (current?.day === day) return current.handle;
    await closeFile();
    const dayDir = path.join(recordsDir, day);
    await mkdir(dayDir, { recursive: true });
    await syncDir(recordsDir);
    const handle = await open(path.join(dayDir, `${instance}.jsonl`), "a+");
    try {
      // A line cut short (a crash, a failed write: never acknowledged) is closed, so the next
      // line stands alone.
      const { size } = await handle.stat();
      if (size > 0) {
        const last = Buffer.alloc(1);
        await handle.read(last, 0, 1, size - 1);
        if (last[0] !== 0x0a) await handle.appendFile("\n");
      } else {
        await syncDir(dayDir);
      }
    } catch (error) {
      await handle.close();
      throw error;
    }
    current = { day, handle };
    return handle;
  }

  async function closeFile(): Promise<void> {
    const file = current;
    current = undefined;
    await file?.handle.close().catch(() => undefined);
  }

  async function flush(): Promise<void> {
    if (flushing) return;
    flushing = true;
    try {
      while (queue.length > 0) {
        const batch = queue;
        queue = [];
        for (const day of new Set(batch.map((item) => item.day))) {
          const items = batch.filter((item) => item.day === day);
          try {
            const handle = await fileFor(day);
            // appendFile writes every byte (a bare write may stop short on a full disk).
            await handle.appendFile(items.map((item) => item.line).join(""));
            await handle.datasync();
            for (const item of items) item.done();
          } catch (error) {
            // Reopened next time, which closes whatever part of a line reached the file.
            await closeFile();
            for (const item of items) item.done(error);
          }
        }
      }
    } finally {
      flushing = false;
    }
  }

  /**
   * Counts `bytes` against the bound, or says there is no room. The folder is measured again when
   * its figure is a minute old (one measure for records arriving together); the check and the
   * count happen in one step, so records arriving together never all see the same free space.
   */
  async function reserve(bytes: number): Promise<boolean> {
    if (used === undefined || now() - measuredAt >= MEASURE_EVERY_MS) {
      measuring ??= folderBytes(dir).finally(() => {
        measuring = undefined;
      });
      const measured = await measuring;
      if (used === undefined || now() - measuredAt >= MEASURE_EVERY_MS) {
        used = measured;
        measuredAt = now();
      }
    }
    const total = used ?? 0;
    if (total + bytes > maxBytes) return false;
    used = total + bytes;
    return true;
  }

  /** Appends `record` and resolves once it is on the disk; "full" when the folder is at its bound. */
  async function append(record: ConsentRecord): Promise<AppendOutcome> {
    const line = `${JSON.stringify(record)}\n`;
    const bytes = Buffer.byteLength(line);
    // Retention first, on each new day: a folder at its bound frees itself as days expire.
    const today = dayOf(now());
    if (prunedFor !== today) {
      prunedFor = today;
      await prune();
    }
    if (!(await reserve(bytes))) return "full";
    const day = dayOf(Date.parse(record.recordedAt));
    await new Promise<void>((resolve, reject) => {
      queue.push({
        line,
        day,
        done: (error) => {
          if (error === undefined) return resolve();
          if (used !== undefined) used -= bytes;
          reject(error);
        },
      });
      void flush();
    });
    return "recorded";
  }

  /**
   * The records that match, oldest first, each once: a record the browser sent again is the same
   * choice. Lines that are not whole records are skipped.
   */
  async function records(query: RecordQuery = {}): Promise<ConsentRecord[]> {
    const days = (await readdir(recordsDir).catch(() => [] as string[]))
      .filter((day) => DAY.test(day))
      .filter((day) => (!query.from || day >= query.from) && (!query.to || day <= query.to))
      .sort();
    const found = new Map<string, ConsentRecord>();
    for (const day of days) {
      const files = (await readdir(path.join(recordsDir, day)).catch(() => [] as string[])).filter((name) =>
        name.endsWith(".jsonl"),
      );
      for (const name of files) {
        const lines = createInterface({ input: createReadStream(path.join(recordsDir, day, name)) });
        for await (const line of lines) {
          if (query.consentId && !line.includes(query.consentId)) continue;
          let record: ConsentRecord;
          try {
            record = JSON.parse(line) as ConsentRecord;
          } catch {
            continue;
          }
          if (typeof record?.consentId !== "string") continue;
          if (query.consentId && record.consentId !== query.consentId) continue;
          // A record sent again is the same in everything but when it arrived; records that
          // differ in anything else (even under one id and time) are all shown.
          const { recordedAt, ...choice } = record;
          const key = JSON.stringify(choice);
          const first = found.get(key);
          if (!first || recordedAt < first.recordedAt) found.set(key, record);
        }
      }
    }
    return [...found.values()].sort((a, b) => a.recordedAt.localeCompare(b.recordedAt));
  }

  async function close(): Promise<void> {
    await closeFile();
  }

  return { registerVersion, version, listVersions, append, records, prune, close, dir };
}

export type RecordStore = ReturnType<typeof createRecordStore>;
