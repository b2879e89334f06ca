/**
 * The contact form's outbox: a folder of messages that could not be sent yet, one raw RFC 5322
 * message per file (`<id>.eml`) with its SMTP envelope beside it (`<id>.json`). Flushing needs only
 * the folder: each message is re-sent as is, and removed once the server has accepted it.
 */
import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";

import { createTransport, type SendMailOptions, type Transporter } from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";

import { getEnv, type Env } from "@/lib/env";
import { logger } from "@/lib/logger.mjs";

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

/** Writes through a temporary name in the same folder, then renames: readers see all or nothing. */
async function writeAtomically(dir: string, name: string, data: string | Buffer): Promise<string> {
  const target = path.join(dir, name);
  const temporary = path.join(dir, `.${name}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    const handle = await fs.open(temporary, "wx", 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temporary, target);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
  return target;
}

/** The message nodemailer would send, as raw bytes (CRLF lines), and its envelope. */
async function buildRawMessage(mail: SendMailOptions): Promise<{ raw: Buffer; envelope: OutboxEnvelope }> {
  const info = await createTransport({ streamTransport: true, buffer: true, newline: "windows" }).sendMail(
    mail,
  );
  if (!Buffer.isBuffer(info.message)) throw new Error("nodemailer did not return the message as a buffer");
  return { raw: info.message, envelope: { from: info.envelope.from, to: [...info.envelope.to] } };
}

/** Queues a message: `<dir>/<id>.json` (envelope) then `<dir>/<id>.eml`, each atomically. Returns the .eml path. */
export async function writeToOutbox(dir: string, id: string, mail: SendMailOptions): Promise<string> {
  if (!SAFE_ID.test(id)) throw new TypeError("writeToOutbox: the id must be letters, digits, - or _");
  const { raw, envelope } = await buildRawMessage(mail);
  if (envelope.to.length === 0) throw new TypeError("writeToOutbox: the message has no recipient");
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const sidecar = await writeAtomically(dir, `${id}.json`, `${JSON.stringify({ envelope }, null, 2)}\n`);
  try {
    return await writeAtomically(dir, `${id}.eml`, raw);
  } catch (error) {
    await fs.rm(sidecar, { force: true });
    throw error;
  }
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
    throw new Error(`the contact outbox ${dir} cannot be written (${describeError(error)})`, { cause: error });
  }
}

/**
 * How many messages wait (the metrics' outbox depth): names only, one readdir, no file opened;
 * none when the folder does not exist.
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

/** What a claimed message's name carries after `.<id>.eml`, then the claiming process and a nonce. */
const CLAIM_MARK = ".sending-";

/** The ids of messages a flush claimed and never finished (it died, or is still running). */
async function listClaims(dir: string): Promise<string[]> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  return names.flatMap((name) => {
    const match = /^\.(.+)\.eml\.sending-/.exec(name);
    return match ? [match[1]] : [];
  });
}

function sidecarOf(entry: OutboxEntry): string {
  return entry.file.replace(/\.eml$/, ".json");
}

/**
 * Re-sends every queued message, oldest first, with its envelope. A message leaves the folder only
 * when the server accepted every recipient; anything else (refusal, network error, unreadable file)
 * keeps it, logged, and the flush goes on with the next one.
 */
export async function flushOutbox(
  dir: string,
  transport: Transporter,
  log: Logger = logger,
): Promise<{ sent: number; kept: number }> {
  let sent = 0;
  let kept = 0;
  const unfinished = await listClaims(dir);
  if (unfinished.length > 0) {
    log.warn(
      `outbox: ${unfinished.length} message(s) claimed by a flush that did not finish, not re-sent (they may have been delivered): ${unfinished.join(", ")}; once checked, rename .<id>.eml${CLAIM_MARK}… back to <id>.eml to send again`,
    );
  }
  for (const entry of await listOutbox(dir)) {
    // Claimed first, by an atomic rename: of two flushes at once only one gets each message, and
    // a flush that dies mid-send leaves it claimed (hidden from the queue), never sent twice.
    const claimed = path.join(
      dir,
      `.${entry.id}.eml${CLAIM_MARK}${process.pid}-${randomBytes(4).toString("hex")}`,
    );
    try {
      await fs.rename(entry.file, claimed);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue; // another flush has it
      throw error;
    }
    const release = () => fs.rename(claimed, entry.file).catch(() => undefined);
    try {
      const raw = await fs.readFile(claimed);
      const envelope = await readEnvelope(entry, raw);
      if (!envelope) {
        kept += 1;
        await release();
        log.error(`outbox: ${entry.id} kept: unreadable (no valid envelope in ${entry.id}.json or headers)`);
        continue;
      }
      const info = await transport.sendMail({ envelope, raw });
      const accepted = info.accepted?.map((address) => String(address).toLowerCase());
      const refused = envelope.to.filter(
        (recipient) =>
          info.rejected?.some((address) => String(address).toLowerCase() === recipient.toLowerCase()) ||
          (accepted !== undefined && !accepted.includes(recipient.toLowerCase())),
      );
      if (refused.length > 0) {
        kept += 1;
        await release();
        log.warn(`outbox: ${entry.id} kept: ${refused.length} of ${envelope.to.length} recipient(s) refused`);
        continue;
      }
      await fs.rm(claimed, { force: true });
      await fs.rm(sidecarOf(entry), { force: true });
      sent += 1;
      log.info(`outbox: ${entry.id} sent`);
    } catch (error) {
      kept += 1;
      await release();
      log.warn(`outbox: ${entry.id} kept: ${describeError(error)}`);
    }
  }
  return { sent, kept };
}
