/**
 * The contact form's outbox, the store of record of every message not yet delivered. One folder,
 * shared by the instances of a machine and the flush command:
 *   <id>.eml    the raw RFC 5322 message, written and synced before the first attempt to send it;
 *               <id> is the submission's idempotency key, so one submission is one file
 *   <id>.lease  who is sending it now (./outbox-lease.ts)
 *   <id>.sent   delivered (a date, no content), kept DELIVERED_MARK_MS to recognise a repeat
 *   <id>.json   the envelope beside a message queued by an earlier release (read, no longer written)
 * Flushing needs only the folder: each message is re-sent as is, and goes once the server accepted it.
 */
import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";

import {
  createTransport,
  type SendMailOptions,
  type SMTPSentMessageInfo,
  type Transporter,
} from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";

import { getEnv, type Env } from "@/lib/env/env";

import { handOverMs as defaultHandOverMs, onHandOver } from "./smtp-transport";
import { holdLease, isLeased, releaseLease, takeLease, THIS_PROCESS, type Lease } from "./outbox-lease";

/** Where delivery and flushing report: one line per message, ids and outcomes only. */
export type Logger = { [Level in "info" | "warn" | "error"]: (message: string) => void };

/** A type, not an interface: nodemailer's envelope input wants an index signature. */
export type OutboxEnvelope = {
  /** MAIL FROM; false for the null sender. */
  from: string | false;
  /** RCPT TO, at least one. */
  to: string[];
};

export interface OutboxEntry {
  id: string;
  /** The .eml file's absolute path. */
  file: string;
  queuedAt: Date;
}

/** Ids become file names: letters, digits, "-" and "_" only (a UUID fits). */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/** CONTACT_OUTBOX_DIR, or .outbox, resolved against the working directory. */
export function outboxDir(env: Pick<Env, "CONTACT_OUTBOX_DIR"> = getEnv()): string {
  // Runtime data, not code: turbopackIgnore keeps the build from tracing the whole project for it.
  return path.resolve(/* turbopackIgnore: true */ process.cwd(), env.CONTACT_OUTBOX_DIR);
}

/** An error as one short log line: code, SMTP reply code and message, never the mail's content. */
export function describeError(error: unknown): string {
  const { code, responseCode, message } = (error ?? {}) as {
    code?: unknown;
    responseCode?: unknown;
    message?: unknown;
  };
  const text = String(message ?? error)
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 300);
  return [code, responseCode, text].filter((part) => part !== undefined && part !== "").join(" ");
}

/** A new file in `dir`, written and synced under a temporary name: its path. */
async function writeTemporary(dir: string, name: string, data: string | Buffer): Promise<string> {
  const temporary = path.join(dir, `.${name}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    const handle = await fs.open(temporary, "wx", 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
  return temporary;
}

/** Makes the folder's own entries (a new name, a removed one) durable, as a crash would find them. */
async function syncFolder(dir: string): Promise<void> {
  const handle = await fs.open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The message nodemailer would send, as raw bytes (CRLF lines), and its envelope. */
export async function buildRawMessage(
  mail: SendMailOptions,
): Promise<{ raw: Buffer; envelope: OutboxEnvelope }> {
  const info = await createTransport({ streamTransport: true, buffer: true, newline: "windows" }).sendMail(
    mail,
  );
  if (!Buffer.isBuffer(info.message)) throw new Error("nodemailer did not return the message as a buffer");
  return { raw: info.message, envelope: { from: info.envelope.from, to: [...info.envelope.to] } };
}

/** What the outbox knew of a submission's key when it was handed the message. */
export type Acceptance =
  /** First time: the message is now on disk, queued. */
  | { first: true; raw: Buffer; envelope: OutboxEnvelope }
  /** A repeat of a submission already accepted: nothing written. */
  | { first: false; delivered: boolean };

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

/** Where a submission stands: delivered, being sent, queued, or not known here. */
export async function submissionState(
  dir: string,
  id: string,
): Promise<"sent" | "sending" | "queued" | null> {
  if (!SAFE_ID.test(id)) return null;
  const { message, sent, lease } = namesOf(dir, id);
  if (await exists(sent)) return "sent";
  if (await exists(message)) return (await isLeased(lease)) ? "sending" : "queued";
  // Delivered between the two looks: the message went after its mark was written.
  return (await exists(sent)) ? "sent" : null;
}

/**
 * Accepts a submission once per id (its idempotency key): the message is written and synced as
 * `<dir>/<id>.eml` before anything else happens to it, and the name is taken with link(), which
 * fails when it exists, so of two submissions with one id only one is queued. A repeat is told
 * whether the first was delivered (`<id>.sent`, kept a while after delivery) or still waits.
 * The envelope is the message's own From and To (read back from its headers when it is flushed).
 */
export async function writeToOutbox(dir: string, id: string, mail: SendMailOptions): Promise<Acceptance> {
  if (!SAFE_ID.test(id)) throw new TypeError("writeToOutbox: the id must be letters, digits, - or _");
  const { raw, envelope } = await buildRawMessage(mail);
  if (envelope.to.length === 0) throw new TypeError("writeToOutbox: the message has no recipient");
  const { message, sent } = namesOf(dir, id);
  if (await exists(sent)) return { first: false, delivered: true };
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const temporary = await writeTemporary(dir, `${id}.eml`, raw);
  try {
    await fs.link(temporary, message);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return { first: false, delivered: await exists(sent) };
  } finally {
    await fs.rm(temporary, { force: true });
  }
  // Linked: the message is queued from here on, whatever the sync says (a refusal now would be
  // untrue: a flush would deliver it). A sync that fails is retried once, then left to the disk.
  await syncFolder(dir).catch(() => syncFolder(dir).catch(() => undefined));
  // Delivered between the check above and the link: this copy is a repeat, not a new message.
  if (await exists(sent)) {
    await fs.rm(message, { force: true });
    return { first: false, delivered: true };
  }
  return { first: true, raw, envelope };
}

/**
 * Throws, with a sentence an operator can act on, when messages cannot be written into `dir`
 * (created when missing): a file is written, synced and removed, as a message would be.
 */
export async function checkOutboxWritable(dir: string): Promise<void> {
  try {
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    const probe = path.join(dir, `.probe.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
    const handle = await fs.open(probe, "wx", 0o600);
    try {
      await handle.writeFile("probe\n");
      await handle.sync();
    } finally {
      await handle.close();
      await fs.rm(probe, { force: true });
    }
  } catch (error) {
    throw new Error(`the contact outbox ${dir} cannot be written (${describeError(error)})`, {
      cause: error,
    });
  }
}

/**
 * How many messages are not yet delivered, being sent or not (the metrics' outbox depth): names
 * only, one readdir, no file opened; none when the folder does not exist.
 */
export async function outboxDepth(dir: string): Promise<number> {
  try {
    return (await fs.readdir(dir)).filter((name) => name.endsWith(".eml") && !name.startsWith(".")).length;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
}

/** The queued messages, oldest first; none when the folder does not exist. */
export async function listOutbox(dir: string): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const entries: OutboxEntry[] = [];
  for (const name of names) {
    if (!name.endsWith(".eml") || name.startsWith(".")) continue;
    const file = path.resolve(dir, name);
    try {
      const stats = await fs.stat(file);
      if (stats.isFile()) entries.push({ id: name.slice(0, -".eml".length), file, queuedAt: stats.mtime });
    } catch {
      // Gone meanwhile (another flush): nothing to do.
    }
  }
  return entries.sort((a, b) => a.queuedAt.getTime() - b.queuedAt.getTime() || a.id.localeCompare(b.id));
}

function isEnvelope(value: unknown): value is OutboxEnvelope {
  const envelope = value as OutboxEnvelope | null;
  return (
    typeof envelope === "object" &&
    envelope !== null &&
    (envelope.from === false || typeof envelope.from === "string") &&
    Array.isArray(envelope.to) &&
    envelope.to.length > 0 &&
    envelope.to.every((address) => typeof address === "string" && address.includes("@"))
  );
}

/** The envelope from the message's own From, To and Cc headers (a .eml dropped in without its .json). */
function envelopeFromHeaders(raw: Buffer): OutboxEnvelope | null {
  const text = raw.toString("utf8");
  const end = text.search(/\r?\n\r?\n/);
  if (end <= 0) return null;
  const lines = text
    .slice(0, end)
    .replace(/\r?\n[ \t]+/g, " ")
    .split(/\r?\n/);
  const values = (name: string) =>
    lines
      .filter((line) => line.toLowerCase().startsWith(`${name}:`))
      .flatMap((line) => addressparser(line.slice(name.length + 1), { flatten: true }))
      .map((mailbox) => mailbox.address)
      .filter((address) => address.includes("@"));
  const [from] = values("from");
  const envelope = { from, to: [...values("to"), ...values("cc")] };
  return from && isEnvelope(envelope) ? envelope : null;
}

/** The sidecar's envelope; the headers' when there is no sidecar; null when neither is usable. */
async function readEnvelope(entry: OutboxEntry, raw: Buffer): Promise<OutboxEnvelope | null> {
  let json: string;
  try {
    json = await fs.readFile(sidecarOf(entry), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return envelopeFromHeaders(raw);
    throw error;
  }
  try {
    const { envelope } = JSON.parse(json) as { envelope?: unknown };
    return isEnvelope(envelope) ? envelope : null;
  } catch {
    return null;
  }
}

/**
 * A message an earlier release's flush claimed by renaming it `.<id>.eml.sending-<pid>-<nonce>`:
 * once that flush no longer runs it goes back to the queue (a message never sent is lost). While
 * the process runs it is left to it, up to OLD_CLAIM_MS after the claim (its sends were bounded
 * well under that; past it, the pid is taken for another process's).
 */
const OLD_CLAIM = /^\.([A-Za-z0-9][A-Za-z0-9_-]*)\.eml\.sending-(\d+)-/;
const OLD_CLAIM_MS = 60 * 60 * 1000;

/** The files of one message: its text, who sends it now, and the mark left once it was delivered. */
function namesOf(dir: string, id: string) {
  const base = path.join(dir, id);
  return { message: `${base}.eml`, sidecar: `${base}.json`, lease: `${base}.lease`, sent: `${base}.sent` };
}

function sidecarOf(entry: OutboxEntry): string {
  return entry.file.replace(/\.eml$/, ".json");
}

/** Removes a delivered message and its envelope from the queue. */
async function dropMessage(dir: string, id: string): Promise<void> {
  const { message, sidecar } = namesOf(dir, id);
  await fs.rm(message, { force: true });
  await fs.rm(sidecar, { force: true });
}

/** How long `<id>.sent` stays after delivery: a repeat of the submission is recognised that long. */
export const DELIVERED_MARK_MS = 7 * 24 * 60 * 60 * 1000;

/** Takes the lease on a queued message for `ms`: null when another process is sending it. */
export function leaseMessage(dir: string, id: string, ms: number): Promise<Lease | null> {
  return takeLease(namesOf(dir, id).lease, ms);
}

/**
 * Records a delivery with the mark prepared before the send (`prepared`, a synced temporary file,
 * so a full disk cannot stop it now): renamed to `<id>.sent`, then the message goes. At every
 * instant the message is queued or marked delivered, and a flush that finds both drops the copy.
 * Should the mark fail even so, the message goes all the same: sent once and not recognised as a
 * repeat is better than sent again by every flush.
 */
async function recordDelivery(
  dir: string,
  id: string,
  prepared: string,
  lease: Lease,
  log: Logger,
): Promise<void> {
  const names = namesOf(dir, id);
  try {
    await fs.rename(prepared, names.sent);
    // Not synced, the mark may be lost to a crash: at worst a later repeat is sent again.
    await syncFolder(dir).catch(() => undefined);
  } catch (error) {
    log.error(`outbox: ${id} delivered, but its mark could not be written (${describeError(error)})`);
    await fs.rm(prepared, { force: true }).catch(() => undefined);
  }
  await dropMessage(dir, id);
  // The message is gone: the mark that kept a stalled taker from winning its lease again may go.
  if (lease.takeoverMark) await fs.rm(lease.takeoverMark, { force: true });
}

/**
 * What came of one message: sent now, found delivered already, being sent by someone else, or kept
 * for later (and why, for the caller's log line).
 */
export type SendOutcome = { outcome: "sent" | "delivered" | "busy" } | { outcome: "kept"; reason: string };

const kept = (reason: string): SendOutcome => ({ outcome: "kept", reason });

/**
 * How long a sender's lease holds without renewal: how long a sender on another machine that died
 * blocks its message (one of this machine is judged by its process at once). It is renewed every
 * third of it while the send goes on, however long the server takes.
 */
export const SEND_LEASE_MS = 60_000;

export interface SendOptions {
  /** The lease's length (SEND_LEASE_MS). */
  leaseMs?: number;
  /** How long until the whole message is the server's (smtp-transport.ts's, at its default timeout); see sendRaw. */
  handOverMs?: number;
  /** Aborts the send: the message stays queued. */
  signal?: AbortSignal;
}

/**
 * Sends the queued message `<id>.eml` once: under its lease, after checking (under it) that it is
 * still queued and not delivered, with the delivery mark's file prepared first. Every sender, an
 * instance's first attempt or a flush, goes through here, so no two of them send one message.
 * Never throws: whatever fails, the message is delivered or still queued.
 */
export async function sendQueuedMessage(
  dir: string,
  id: string,
  transport: Transporter<SMTPSentMessageInfo>,
  log: Logger,
  { leaseMs = SEND_LEASE_MS, handOverMs = defaultHandOverMs(), signal }: SendOptions = {},
): Promise<SendOutcome> {
  const names = namesOf(dir, id);
  let lease: Lease | null;
  try {
    lease = await leaseMessage(dir, id, leaseMs);
  } catch (error) {
    return kept(`its lease could not be taken (${describeError(error)})`);
  }
  if (!lease) return { outcome: "busy" };
  const held = holdLease(names.lease, lease, leaseMs);
  let prepared: string | undefined;
  try {
    if (await exists(names.sent)) {
      await dropMessage(dir, id);
      return { outcome: "delivered" };
    }
    let raw: Buffer;
    try {
      raw = await fs.readFile(names.message);
    } catch (error) {
      // Delivered and cleared by another sender between its lease and this one.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return { outcome: "delivered" };
      throw error;
    }
    const envelope = await readEnvelope({ id, file: names.message, queuedAt: new Date(0) }, raw);
    if (!envelope) return kept(`unreadable (no valid envelope in ${id}.json or headers)`);
    prepared = await writeTemporary(dir, `${id}.sent`, `${new Date().toISOString()}\n`);
    const failure = await sendRaw(transport, raw, envelope, { signal, handOverMs });
    if (failure !== null) return kept(failure);
    await recordDelivery(dir, id, prepared, lease, log);
    prepared = undefined;
    return { outcome: "sent" };
  } catch (error) {
    return kept(describeError(error));
  } finally {
    await held.stop();
    if (prepared) await fs.rm(prepared, { force: true }).catch(() => undefined);
    await releaseLease(names.lease, held.current()).catch((error: unknown) =>
      log.error(
        `outbox: ${id}: its lease could not be released (${describeError(error)}); it ends within the hour`,
      ),
    );
  }
}

/** Whether the server accepted every recipient of `envelope`: the refused ones, by address. */
function refusedRecipients(envelope: OutboxEnvelope, info: SMTPSentMessageInfo): string[] {
  const accepted = info.accepted?.map((address) => String(address).toLowerCase());
  return envelope.to.filter(
    (recipient) =>
      info.rejected?.some((address) => String(address).toLowerCase() === recipient.toLowerCase()) ||
      (accepted !== undefined && !accepted.includes(recipient.toLowerCase())),
  );
}

/**
 * Sends one raw message with its envelope: null when every recipient was accepted, else why not.
 * Never throws: the caller keeps the message on any failure. The send is abandoned when `signal`
 * aborts, or when the message has not been handed over whole within `handOverMs`
 * (./smtp-transport.ts tells when it has).
 */
async function sendRaw(
  transport: Transporter<SMTPSentMessageInfo>,
  raw: Buffer,
  envelope: OutboxEnvelope,
  { signal, handOverMs }: { signal?: AbortSignal; handOverMs: number },
): Promise<string | null> {
  const late = new AbortController();
  const timer = setTimeout(
    () => late.abort(new Error(`the server had not taken the message after ${handOverMs} ms`)),
    handOverMs,
  );
  const stopListening = onHandOver(transport, () => clearTimeout(timer));
  // A transport that cannot tell when the message is the server's is never abandoned on time.
  if (stopListening === false) clearTimeout(timer);
  try {
    const info = await transport.sendMail({
      envelope,
      raw,
      signal: signal ? AbortSignal.any([signal, late.signal]) : late.signal,
    });
    const refused = refusedRecipients(envelope, info);
    return refused.length === 0 ? null : `${refused.length} of ${envelope.to.length} recipient(s) refused`;
  } catch (error) {
    return describeError(late.signal.aborted ? late.signal.reason : error);
  } finally {
    clearTimeout(timer);
    if (stopListening) stopListening();
  }
}

/** A lease, or a mark of its takeover (./outbox-lease.ts), by its message's id. */
const LEASE_FILE = /^([A-Za-z0-9][A-Za-z0-9_-]*)\.lease(?:\.takeover-[^/]*)?$/;
/** What a write or a takeover leaves for an instant, and leaves for good when its process is killed. */
const LEFTOVER = /\.tmp$|\.lease\.ended-/;
/** A delivery mark prepared before its message's send (sendQueuedMessage), by the message's id. */
const PREPARED_MARK = /^\.([A-Za-z0-9][A-Za-z0-9_-]*)\.sent\..*\.tmp$/;
/** Such files older than this are a dead process's: no write or takeover takes that long. */
const LEFTOVER_MS = 10 * 60 * 1000;

/**
 * Old delivered marks go, a message whose delivery was marked but not yet cleared goes, a lease or
 * takeover mark of a message no longer queued goes once no one holds it, what killed processes left
 * half done goes, and an earlier release's unfinished claim is queued again.
 */
async function tidy(dir: string, names: string[], now: number, log: Logger): Promise<void> {
  for (const name of names) {
    const file = path.join(dir, name);
    const claim = OLD_CLAIM.exec(name);
    const claimed = claim?.[1];
    const leased = LEASE_FILE.exec(name)?.[1];
    const preparedFor = PREPARED_MARK.exec(name)?.[1];
    if (preparedFor) {
      // Only its sender, which holds the message's lease, ever uses it.
      if (!(await isLeased(namesOf(dir, preparedFor).lease, now))) await fs.rm(file, { force: true });
    } else if (LEFTOVER.test(name)) {
      const stats = await fs.stat(file).catch(() => null);
      if (stats && now - stats.mtimeMs > LEFTOVER_MS) await fs.rm(file, { force: true });
    } else if (leased) {
      const { message, lease } = namesOf(dir, leased);
      const idle = name === path.basename(lease) ? !(await isLeased(lease, now)) : !(await exists(lease));
      if (!(await exists(message)) && idle) await fs.rm(file, { force: true });
    } else if (claimed) {
      const stats = await fs.stat(file).catch(() => null);
      // ctime: when the claim's rename happened (a rename keeps the message's own mtime).
      const claimer = Number(claim?.[2]);
      if (!stats || (THIS_PROCESS.isAlive(claimer) && now - stats.ctimeMs < OLD_CLAIM_MS)) continue;
      const { message, sent } = namesOf(dir, claimed);
      if (!(await exists(sent)) && !(await exists(message))) {
        await fs.rename(file, message).catch(() => undefined);
        log.warn(`outbox: ${claimed} queued again (an interrupted flush had claimed it)`);
      } else await fs.rm(file, { force: true });
    } else if (name.endsWith(".sent")) {
      const stats = await fs.stat(file).catch(() => null);
      if (stats && now - stats.mtimeMs > DELIVERED_MARK_MS) await fs.rm(file, { force: true });
    } else if (name.endsWith(".eml") && !name.startsWith(".")) {
      const id = name.slice(0, -".eml".length);
      const { sent, lease } = namesOf(dir, id);
      if ((await exists(sent)) && !(await isLeased(lease, now))) await dropMessage(dir, id);
    }
  }
}

export interface FlushResult {
  sent: number;
  /** Tried and kept: refused, unreadable, or the server failed. */
  kept: number;
  /** Being sent by another process now (an instance's first attempt, another flush). */
  busy: number;
}

export interface FlushOptions {
  /** The lease's length (SEND_LEASE_MS). */
  leaseMs?: number;
  /** How long until each message is the server's (as sendQueuedMessage). */
  handOverMs?: number;
  /**
   * Stops the flush between messages: the send under way finishes (aborting a send whose message
   * the server already has could deliver it twice, once now and once from the queue).
   */
  signal?: AbortSignal;
  /** Aborts the send under way too: its message goes back to the queue. */
  abortSend?: AbortSignal;
}

/**
 * Re-sends every queued message, oldest first, with its envelope. Each is leased first, so a message
 * is sent by one process at a time; a message leaves the queue only when the server accepted every
 * recipient; anything else (refusal, network error, unreadable file, an interruption) gives it back
 * to the queue, logged, and the flush goes on with the next one.
 */
export async function flushOutbox(
  dir: string,
  transport: Transporter<SMTPSentMessageInfo>,
  log: Logger,
  options: FlushOptions = {},
): Promise<FlushResult> {
  const result: FlushResult = { sent: 0, kept: 0, busy: 0 };
  const names = await fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [] as string[];
    throw error;
  });
  await tidy(dir, names, Date.now(), log);
  for (const entry of await listOutbox(dir)) {
    if (options.signal?.aborted) break;
    const sent = await sendQueuedMessage(dir, entry.id, transport, log, {
      leaseMs: options.leaseMs,
      handOverMs: options.handOverMs,
      signal: options.abortSend,
    });
    if (sent.outcome === "sent") {
      result.sent += 1;
      log.info(`outbox: ${entry.id} sent`);
    } else if (sent.outcome === "kept") {
      result.kept += 1;
      log.warn(`outbox: ${entry.id} kept: ${sent.reason}`);
    } else if (sent.outcome === "busy") {
      result.busy += 1;
      log.info(`outbox: ${entry.id} is being sent by another process`);
    }
  }
  return result;
}
