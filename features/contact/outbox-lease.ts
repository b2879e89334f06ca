/**
 * Who is sending a queued message right now: a lease file beside it (`<id>.lease`), taken by an
 * exclusive create, so of the instances and flushes that share an outbox only one sends a message
 * at a time.
 *
 * How a lease ends decides whether a message can be sent twice, so it is judged by what the taker
 * can know for sure:
 * - a holder of this machine holds it exactly as long as that process runs (its pid and the
 *   kernel's start time of that pid, so a reused pid is not taken for the holder): a send that
 *   takes minutes, or a clock stepped forward by less than LEFT_BEHIND_MS, ends nothing; a holder
 *   killed mid-send gives the message back at once;
 * - a holder on another machine (a shared folder) holds it until `until`, which it renews while it
 *   sends (holdLease), so the lease's length bounds only how long a dead holder blocks the message;
 * - this process's own lease holds until `until` (a lease it forgot would otherwise hold forever).
 */
import { randomBytes } from "node:crypto";
import { readFileSync, promises as fs } from "node:fs";
import os from "node:os";

export interface Lease {
  host: string;
  pid: number;
  /** The holder's start time as the kernel counts it (Linux), to tell it from a later owner of its pid. */
  started?: string;
  /** Tells this lease from a later one on the same file (a renewal is a new one too). */
  nonce: string;
  /** Epoch ms after which a holder on another machine that has not renewed it is taken for gone. */
  until: number;
  /** The holder's own note (not in the file): the mark of the takeover that won it, if any, to
   * remove once the message is gone. */
  takeoverMark?: string;
}

/** What the file says of a lease. */
function recordOf({ host, pid, started, nonce, until }: Lease): string {
  return `${JSON.stringify({ host, pid, started, nonce, until })}\n`;
}

/** This process, as a lease names its holder, and how it tells whether a local process runs. */
export interface Holder {
  host: string;
  pid: number;
  started?: string;
  /** Whether the process `pid` of this machine runs, and is the one that started at `started`. */
  isAlive(pid: number, started?: string): boolean;
}

/** Whether this system shows its processes in /proc (Linux). */
const HAS_PROC = (() => {
  try {
    readFileSync("/proc/self/stat");
    return true;
  } catch {
    return false;
  }
})();

/**
 * The start time of process `pid` (field 22 of /proc/<pid>/stat, in clock ticks since boot): null
 * when no such process runs, undefined where /proc cannot tell (not Linux).
 */
export function processStartTime(pid: number): string | null | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return HAS_PROC && (code === "ENOENT" || code === "ESRCH") ? null : undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces or ")": count after the last.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return fields[19];
}

function processRuns(pid: number, started?: string): boolean {
  const start = processStartTime(pid);
  if (start === null) return false;
  if (start !== undefined && started !== undefined) return start === started;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export const THIS_PROCESS: Holder = {
  host: os.hostname(),
  pid: process.pid,
  started: processStartTime(process.pid) ?? undefined,
  isAlive: processRuns,
};

/**
 * A lease of a running process of this machine that has not been renewed for this long past its
 * time was left behind (a release that failed), not held: no send takes that long.
 */
export const LEFT_BEHIND_MS = 60 * 60 * 1000;

/** Whether a lease (or a takeover's mark) no longer holds, as the module's comment says. */
export function isLeaseOver(lease: Lease | null, now: number, here: Holder = THIS_PROCESS): boolean {
  if (lease === null) return true;
  if (lease.host === here.host && lease.pid !== here.pid)
    return !here.isAlive(lease.pid, lease.started) || now - lease.until > LEFT_BEHIND_MS;
  return !(lease.until > now);
}

function parseLease(text: string): Lease | null {
  try {
    const lease = JSON.parse(text) as Partial<Lease>;
    return typeof lease.host === "string" &&
      Number.isInteger(lease.pid) &&
      typeof lease.nonce === "string" &&
      typeof lease.until === "number" &&
      (lease.started === undefined || typeof lease.started === "string")
      ? (lease as Lease)
      : null;
  } catch {
    return null;
  }
}

async function readLease(file: string): Promise<Lease | null | "none"> {
  try {
    return parseLease(await fs.readFile(file, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "none";
    throw error;
  }
}

function newLease(here: Holder, now: number, ms: number): Lease {
  return {
    host: here.host,
    pid: here.pid,
    ...(here.started === undefined ? {} : { started: here.started }),
    nonce: randomBytes(8).toString("hex"),
    until: now + ms,
  };
}

/** Creates `file` whole or not at all (written aside, then linked: a reader never sees half). */
async function create(file: string, lease: Lease): Promise<boolean> {
  const temporary = `${file}.${lease.nonce}.tmp`;
  await fs.writeFile(temporary, recordOf(lease), { flag: "wx", mode: 0o600 });
  try {
    await fs.link(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    await fs.rm(temporary, { force: true });
  }
}

/**
 * What tells one lease on a file from the next: its nonce, or for an unreadable file its inode and
 * modification time (which a rename keeps; an inode alone may be reused by the next file).
 */
async function generationOf(file: string, lease: Lease | null): Promise<string | null> {
  if (lease) return lease.nonce;
  const stats = await fs.stat(file, { bigint: true }).catch(() => null);
  return stats ? `file-${stats.ino}-${stats.mtimeNs}` : null;
}

/** The marks of takeovers of `file`'s leases (file names in its folder), gone once its message is. */
export const TAKEOVER_MARK = ".takeover-";

/** A takeover takes a few file operations: a mark older than this is a dead taker's. */
export const TAKEOVER_MS = 10 * 60 * 1000;

/** Past this many dead takers of one generation, something other than takers is wrong: give up. */
const MAX_TAKERS = 64;

/**
 * Becomes the one taker of the ended lease `generation`: creates `<file>.takeover-<generation>-<n>`
 * (exclusive), starting at 0 and going to the next n only past a mark whose taker is gone (killed
 * between its mark and its lease) or has been at it longer than TAKEOVER_MS, so a dead taker never
 * blocks the message and two live ones never both win. The marks stay until the message is done (outbox.ts's tidy removes them).
 */
async function winTakeover(
  file: string,
  generation: string,
  mark: Lease,
  now: number,
  here: Holder,
): Promise<string | null> {
  for (let taker = 0; taker < MAX_TAKERS; taker += 1) {
    const name = `${file}${TAKEOVER_MARK}${generation}-${taker}`;
    if (await create(name, mark)) return name;
    const found = await readLease(name).catch(() => null);
    if (found === "none") continue;
    // Gone, or hung: a takeover takes a few file operations, never minutes.
    const dead =
      (found !== null && isLeaseOver(found, now, here)) || (await olderThan(name, TAKEOVER_MS, now));
    if (!dead) return null;
  }
  return null;
}

async function olderThan(file: string, ms: number, now: number): Promise<boolean> {
  const stats = await fs.stat(file).catch(() => null);
  return stats === null || now - stats.mtimeMs > ms;
}

/**
 * Takes the lease on `file` for `ms`, or null when someone else holds it. An ended lease is
 * replaced by one taker only (winTakeover). The winner moves the ended lease aside, checks that what
 * it moved is that generation (else puts it back), and creates its own; a taker that finds the file
 * gone meanwhile competes on the create alone.
 */
export async function takeLease(
  file: string,
  ms: number,
  now: number = Date.now(),
  here: Holder = THIS_PROCESS,
): Promise<Lease | null> {
  const lease = newLease(here, now, ms);
  if (await create(file, lease)) return lease;
  const found = await readLease(file);
  if (found === "none") return (await create(file, lease)) ? lease : null;
  if (!isLeaseOver(found, now, here)) return null;
  const generation = await generationOf(file, found);
  if (generation === null) return (await create(file, lease)) ? lease : null;
  // The mark is a lease of its own: its taker's identity, judged as a lease is, and a time.
  const mark = await winTakeover(file, generation, { ...lease, until: now + TAKEOVER_MS }, now, here);
  if (mark === null) return null;
  const taken = { ...lease, takeoverMark: mark };
  const aside = `${file}.ended-${lease.nonce}`;
  try {
    await fs.rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return (await create(file, taken)) ? taken : null;
    throw error;
  }
  const moved = await readLease(aside);
  if ((await generationOf(aside, moved === "none" ? null : moved)) !== generation) {
    // Released and taken afresh meanwhile: theirs goes back, ours is not taken.
    await fs.link(aside, file).catch(() => undefined);
    await fs.rm(aside, { force: true });
    return null;
  }
  await fs.rm(aside, { force: true });
  return (await create(file, taken)) ? taken : null;
}

/**
 * Extends `lease` on `file` by `ms` from now, as a new generation (a taker that judged the old one
 * over then finds another and backs off): the new lease, or null when it is no longer this one's.
 */
export async function renewLease(
  file: string,
  lease: Lease,
  ms: number,
  now: number = Date.now(),
): Promise<Lease | null> {
  const found = await readLease(file).catch(() => "none" as const);
  if (found === "none" || found?.nonce !== lease.nonce) return null;
  const renewed = { ...lease, nonce: randomBytes(8).toString("hex"), until: now + ms };
  const temporary = `${file}.${renewed.nonce}.tmp`;
  try {
    await fs.writeFile(temporary, recordOf(renewed), { flag: "wx", mode: 0o600 });
    await fs.rename(temporary, file);
  } finally {
    await fs.rm(temporary, { force: true });
  }
  return renewed;
}

/** A lease held while a message is sent: renewed every third of its length until stopped. */
export interface HeldLease {
  /** The lease as it stands (each renewal is a new nonce). */
  current(): Lease;
  /** Stops renewing (waits for a renewal under way). */
  stop(): Promise<void>;
}

export function holdLease(file: string, lease: Lease, ms: number): HeldLease {
  let current = lease;
  let renewing: Promise<unknown> = Promise.resolve();
  const timer = setInterval(
    () => {
      renewing = renewing
        .then(() => renewLease(file, current, ms))
        .then((renewed) => {
          if (renewed) current = renewed;
        })
        // A renewal that failed (a full disk) leaves the lease as it was: it still holds locally,
        // and elsewhere until its time.
        .catch(() => undefined);
    },
    Math.max(1, Math.floor(ms / 3)),
  );
  timer.unref();
  return {
    current: () => current,
    stop: async () => {
      clearInterval(timer);
      await renewing;
    },
  };
}

/**
 * Ends `lease` on `file` if it is still the one there (not taken over meanwhile). A read that
 * fails is tried again: a lease left behind by a live process would hold its message until
 * LEFT_BEHIND_MS; one that still fails is thrown, for the caller to log.
 */
export async function releaseLease(file: string, lease: Lease): Promise<void> {
  let found: Lease | null | "none" = "none";
  for (let attempt = 0; ; attempt += 1) {
    try {
      found = await readLease(file);
      break;
    } catch (error) {
      if (attempt >= 2) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * (attempt + 1)));
    }
  }
  if (found !== "none" && found?.nonce === lease.nonce) await fs.rm(file, { force: true });
}

/** Whether anyone holds a lease on `file` now. */
export async function isLeased(file: string, now: number = Date.now(), here: Holder = THIS_PROCESS) {
  const found = await readLease(file).catch(() => "none" as const);
  return found !== "none" && !isLeaseOver(found, now, here);
}
