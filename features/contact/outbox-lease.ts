/**
 * Who is sending a queued message right now: a lease file beside it (`<id>.lease`), taken by an
 * exclusive create, so of the instances and flushes that share an outbox only one sends a message
 * at a time. A lease ends when its holder releases it, when its time is up, or at once when its
 * holder was a process of this machine that no longer runs (killed mid-send): the message then goes
 * back to the queue for the next flush, never stranded.
 */
import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import os from "node:os";

export interface Lease {
  host: string;
  pid: number;
  /** Tells this lease from a later one on the same file. */
  nonce: string;
  /** Epoch ms after which anyone may take the message over. */
  until: number;
}

/** This process, as a lease names its holder. */
export interface Holder {
  host: string;
  pid: number;
  /** Whether a process of this machine still runs. */
  isAlive(pid: number): boolean;
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export const THIS_PROCESS: Holder = { host: os.hostname(), pid: process.pid, isAlive: processRuns };

/** Whether a lease no longer holds: past its time, unreadable, or its holder here is gone. */
export function isLeaseOver(lease: Lease | null, now: number, here: Holder = THIS_PROCESS): boolean {
  if (lease === null || !(lease.until > now)) return true;
  return lease.host === here.host && lease.pid !== here.pid && !here.isAlive(lease.pid);
}

function parseLease(text: string): Lease | null {
  try {
    const lease = JSON.parse(text) as Partial<Lease>;
    return typeof lease.host === "string" &&
      Number.isInteger(lease.pid) &&
      typeof lease.nonce === "string" &&
      typeof lease.until === "number"
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

/** Creates the lease file whole or not at all (written aside, then linked: a reader never sees half). */
async function create(file: string, lease: Lease): Promise<boolean> {
  const temporary = `${file}.${lease.nonce}.tmp`;
  await fs.writeFile(temporary, `${JSON.stringify(lease)}\n`, { flag: "wx", mode: 0o600 });
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

/**
 * Takes the lease on `file` for `ms`, or null when someone else holds it. An ended lease is
 * replaced by one taker only: the one that creates `<file>.takeover-<generation>` first (an
 * exclusive create; the marks stay until the message is done, see outbox.ts's tidy). It moves the
 * ended lease aside, checks that what it moved is that generation (else puts it back), and creates
 * its own; a taker that finds the file gone meanwhile competes on the create alone.
 */
export async function takeLease(
  file: string,
  ms: number,
  now: number = Date.now(),
  here: Holder = THIS_PROCESS,
): Promise<Lease | null> {
  const lease: Lease = {
    host: here.host,
    pid: here.pid,
    nonce: randomBytes(8).toString("hex"),
    until: now + ms,
  };
  if (await create(file, lease)) return lease;
  const found = await readLease(file);
  if (found === "none") return (await create(file, lease)) ? lease : null;
  if (!isLeaseOver(found, now, here)) return null;
  const generation = await generationOf(file, found);
  if (generation === null) return (await create(file, lease)) ? lease : null;
  try {
    await fs.writeFile(`${file}${TAKEOVER_MARK}${generation}`, "", { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return null; // another taker has it
    throw error;
  }
  const aside = `${file}.ended-${lease.nonce}`;
  try {
    await fs.rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return (await create(file, lease)) ? lease : null;
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
  return (await create(file, lease)) ? lease : null;
}

/** Ends `lease` on `file` if it is still the one there (not taken over meanwhile). */
export async function releaseLease(file: string, lease: Lease): Promise<void> {
  const found = await readLease(file).catch(() => "none" as const);
  if (found !== "none" && found?.nonce === lease.nonce) await fs.rm(file, { force: true });
}

/** Whether anyone holds a lease on `file` now. */
export async function isLeased(file: string, now: number = Date.now(), here: Holder = THIS_PROCESS) {
  const found = await readLease(file).catch(() => "none" as const);
  return found !== "none" && !isLeaseOver(found, now, here);
}
