/**
 * Delivery against a real SMTP server (smtp-server, on 127.0.0.1), the outbox and its flush, and
 * the outbox:flush command, with the failures a visitor's message has to survive: a server that
 * refuses, is down, never answers, answers late; a process killed while it sends; a second click.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promises as fs, readFileSync } from "node:fs";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

import fc from "fast-check";

import { parseEnv } from "@/lib/env/env";
import { REPEAT_SIGNAL_MS } from "@/lib/process/signals.mjs";
import { siteMetrics } from "@/lib/metrics/site-metrics.mjs";
import { headerValues, messageHeaders, partBody } from "@/test-support/raw-mail";
import type { Sink } from "@/test-support/smtp-sink";
import { sinksPerTest, tempDirsPerTest } from "@/test-support/per-test";
import { spawnCall, type CallChild } from "@/test-support/spawn-call";

import { composeContactMail } from "./compose";
import { deliverContactMail, smtpTransport, type DeliveryConfig, type DeliveryOutcome } from "./deliver";
import type { ContactMessage } from "./message";
import {
  DELIVERED_MARK_MS,
  flushOutbox,
  leaseMessage,
  listOutbox,
  outboxDepth,
  outboxDir,
  submissionState,
  writeToOutbox,
  type FlushOptions,
  type Logger,
} from "./outbox";

jest.setTimeout(60_000);

const ROOT = path.resolve(__dirname, "../..");
const INBOX = "projects@studio.test";
const FROM = "Studio Site <site@studio.test>";
/** Long enough that no lease in these tests ends by its time: only by release or its holder's death. */
const LEASE_MS = 10 * 60_000;

/* ---------------------------------------------------------------- fixtures */

const children: CallChild<unknown>[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) {
    child.kill("SIGKILL");
    await child.exited;
  }
});

// After the children above are gone (afterEach hooks run in reverse order of declaration).
const sink = sinksPerTest();
const tempDir = tempDirsPerTest("contact-outbox-");

const VISITOR: ContactMessage = {
  name: "Zoé Confidentielle",
  email: "zoe.secret@visitor.test",
  company: "Société Discrète",
  purpose: "project",
  message: "Mon numéro privé : 0612345678.\nÀ bientôt 🎬",
  lang: "fr",
};

/** Strings that must never appear in a log line. */
const PERSONAL = [
  "Zoé",
  "Confidentielle",
  "zoe.secret",
  "visitor.test",
  "Discrète",
  "0612345678",
  "[Studio]",
];

/** A submission key as the receiver names a message after it. */
function newId(): string {
  return `k-${randomBytes(16).toString("base64url")}`;
}

const COMPOSE = { from: FROM, purposeLabel: "Projet", siteName: "Studio" };

function compose(to = INBOX, id = newId()) {
  return composeContactMail(VISITOR, { ...COMPOSE, id, to });
}

function fakeLog(): { lines: string[]; log: Logger } {
  const lines: string[] = [];
  const push = (...args: unknown[]) => {
    lines.push(args.map(String).join(" "));
  };
  return { lines, log: { info: push, warn: push, error: push } };
}

async function filesIn(dir: string): Promise<string[]> {
  return (await fs.readdir(dir)).sort();
}

/**
 * The folder while `id` is being sent (or its sender was killed mid-send): the message, its lease,
 * and the delivery mark prepared before the send (so that a full disk cannot stop it afterwards).
 */
function whileSending(id: string) {
  const prepared = new RegExp(`^\\.${id}\\.sent\\.\\d+\\.[0-9a-f]+\\.tmp$`);
  return [expect.stringMatching(prepared), `${id}.eml`, `${id}.lease`];
}

function messageIdOf(raw: string): string | undefined {
  return headerValues(messageHeaders(raw), "Message-ID")[0];
}

async function waitFor(test: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

async function flush(dir: string, target: Sink, log: Logger, options: Partial<FlushOptions> = {}) {
  const transport = smtpTransport(target.url, 5_000, 30_000);
  try {
    return await flushOutbox(dir, transport, log, { leaseMs: LEASE_MS, ...options });
  } finally {
    transport.close();
  }
}

/**
 * `deliverContactMail` in a child process of its own, to be killed mid-send. The Date header is
 * left to the child (JSON would turn the date into a string, which nodemailer writes as it is).
 */
function deliverInChild(id: string, config: DeliveryConfig) {
  const child = spawnCall<{ id: string; outcome: DeliveryOutcome; repeat: boolean }>({
    module: path.join(__dirname, "deliver.ts"),
    name: "deliverContactMail",
    args: [id, { ...compose(INBOX, id).mail, date: undefined }, config],
    logger: true,
  });
  children.push(child);
  return child;
}

/** The process a lease file names. */
async function leaseHolder(file: string): Promise<{ pid: number; host: string }> {
  return JSON.parse(await fs.readFile(file, "utf8")) as { pid: number; host: string };
}

/* ---------------------------------------------------------------- delivery */

describe("deliverContactMail", () => {
  it("sends over SMTP when the server accepts, and keeps only the mark that it was delivered", async () => {
    const server = await sink();
    const dir = path.join(await tempDir(), "outbox");
    const { id, mail } = compose();
    const { lines, log } = fakeLog();

    await expect(deliverContactMail(id, mail, { smtpUrl: server.url, outboxDir: dir }, log)).resolves.toEqual(
      {
        id,
        outcome: "sent",
        repeat: false,
      },
    );

    expect(server.received).toHaveLength(1);
    const [received] = server.received;
    expect(received.from).toBe("site@studio.test");
    expect(received.to).toEqual([INBOX]);
    const headers = messageHeaders(received.raw);
    expect(headerValues(headers, "Reply-To")).toEqual([
      "=?UTF-8?Q?Zo=C3=A9_Confidentielle?= <zoe.secret@visitor.test>",
    ]);
    expect(headerValues(headers, "Message-ID")).toEqual([`<${id}@studio.test>`]);
    expect(headerValues(headers, "X-Contact-Purpose")).toEqual(["project"]);
    expect(partBody(received.raw, "text/plain").replace(/\r\n/g, "\n")).toContain(
      "Nom : Zoé Confidentielle\nE-mail : zoe.secret@visitor.test\nSociété : Société Discrète\nObjet : Projet\n\n" +
        "Mon numéro privé : 0612345678.\nÀ bientôt 🎬\n",
    );
    expect(await filesIn(dir)).toEqual([`${id}.sent`]);
    await expect(submissionState(dir, id)).resolves.toBe("sent");
    expect(lines).toEqual([`contact mail ${id}: sent`]);
  });

  it("queues a refused message, and the flush delivers it once the server accepts", async () => {
    const server = await sink();
    const dir = await tempDir();
    const { id, mail } = compose();
    const { lines, log } = fakeLog();

    server.mode = "reject550";
    await expect(deliverContactMail(id, mail, { smtpUrl: server.url, outboxDir: dir }, log)).resolves.toEqual(
      {
        id,
        outcome: "outbox",
        repeat: false,
      },
    );
    expect(server.received).toHaveLength(0);
    // The message alone: no envelope beside it, and no lease left by the failed send.
    expect(await filesIn(dir)).toEqual([`${id}.eml`]);
    expect((await listOutbox(dir)).map((entry) => entry.id)).toEqual([id]);
    await expect(submissionState(dir, id)).resolves.toBe("queued");
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(`^contact mail ${id}: queued \\(EMESSAGE 550 .*Message refused by policy`),
      ),
    ]);

    server.mode = "accept";
    await expect(flush(dir, server, log)).resolves.toEqual({ sent: 1, kept: 0, busy: 0 });
    expect(server.received).toHaveLength(1);
    expect(server.received[0].from).toBe("site@studio.test");
    expect(server.received[0].to).toEqual([INBOX]);
    expect(server.received[0].messageId).toBe(`<${id}@studio.test>`);
    expect(partBody(server.received[0].raw, "text/plain")).toContain("0612345678");
    expect(await filesIn(dir)).toEqual([`${id}.sent`]);
    expect(lines[1]).toBe(`outbox: ${id} sent`);
  });

  it("queues the message when the server is down", async () => {
    const server = await sink();
    await server.close();
    const dir = await tempDir();
    const { id, mail } = compose();
    const { lines, log } = fakeLog();

    await expect(
      deliverContactMail(id, mail, { smtpUrl: server.url, outboxDir: dir, timeoutMs: 2_000 }, log),
    ).resolves.toEqual({ id, outcome: "outbox", repeat: false });
    expect(await filesIn(dir)).toEqual([`${id}.eml`]);
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(`^contact mail ${id}: queued \\(ESOCKET connect ECONNREFUSED 127\\.0\\.0\\.1:`),
      ),
    ]);
  });

  it("queues the message when its recipient is refused", async () => {
    const server = await sink();
    server.refuse.add(INBOX);
    const dir = await tempDir();
    const { id, mail } = compose();
    const { lines, log } = fakeLog();

    await expect(deliverContactMail(id, mail, { smtpUrl: server.url, outboxDir: dir }, log)).resolves.toEqual(
      {
        id,
        outcome: "outbox",
        repeat: false,
      },
    );
    expect(server.received).toHaveLength(0);
    expect(await filesIn(dir)).toEqual([`${id}.eml`]);
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^contact mail ${id}: queued \\(EENVELOPE 550 `)),
    ]);
  });

  it("answers the visitor in time when the server never answers, and gives the message back when the send times out", async () => {
    const server = await sink();
    server.mode = "hang";
    const dir = await tempDir();
    const { id, mail } = compose();
    const { lines, log } = fakeLog();

    const started = Date.now();
    await expect(
      deliverContactMail(
        id,
        mail,
        { smtpUrl: server.url, outboxDir: dir, timeoutMs: 500, replyTimeoutMs: 1_500 },
        log,
      ),
    ).resolves.toEqual({ id, outcome: "outbox", repeat: false });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(server.received).toHaveLength(0);
    // Still being sent: queued, counted, and leased to this process.
    expect(await filesIn(dir)).toEqual(whileSending(id));
    await expect(outboxDepth(dir)).resolves.toBe(1);
    await expect(leaseHolder(path.join(dir, `${id}.lease`))).resolves.toMatchObject({ pid: process.pid });
    await expect(submissionState(dir, id)).resolves.toBe("sending");

    // The server's silence outlasts the reply timeout: the send fails and the message is free again.
    await waitFor(async () => !(await exists(path.join(dir, `${id}.lease`))), "the lease to be released");
    expect(await filesIn(dir)).toEqual([`${id}.eml`]);
    await expect(submissionState(dir, id)).resolves.toBe("queued");
    await waitFor(() => lines.length === 3, "the late outcome to be logged");
    expect(lines).toEqual([
      `contact mail ${id}: queued, the server has not answered yet (still sending)`,
      expect.stringMatching(new RegExp(`^contact mail ${id}: queued \\(ETIMEDOUT `)),
      `contact mail ${id}: still queued`,
    ]);
  });

  it("answers the visitor after twice the timeout from a server that keeps talking without end", async () => {
    // Each line resets the inactivity timeout: only the visitor's deadline answers them.
    const sockets = new Set<net.Socket>();
    const server = net.createServer((socket) => {
      sockets.add(socket);
      socket.on("error", () => undefined);
      socket.write("220 slow.test ESMTP\r\n");
      const timer = setInterval(() => socket.write("250-still going\r\n"), 100);
      socket.on("close", () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const dir = await tempDir();
    const { id, mail } = compose();
    const { lines, log } = fakeLog();
    try {
      const started = Date.now();
      await expect(
        deliverContactMail(
          id,
          mail,
          { smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: dir, timeoutMs: 500 },
          log,
        ),
      ).resolves.toEqual({ id, outcome: "outbox", repeat: false });
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(lines).toEqual([`contact mail ${id}: queued, the server has not answered yet (still sending)`]);
      expect(await filesIn(dir)).toEqual(whileSending(id));
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
    // The server gone, the send fails and the message waits for the flush, unleased.
    await waitFor(async () => !(await exists(path.join(dir, `${id}.lease`))), "the lease to be released");
    expect(await filesIn(dir)).toEqual([`${id}.eml`]);
  });

  it("without SMTP, writes the message to the outbox, private to the server's user", async () => {
    const dir = path.join(await tempDir(), "nested", "outbox");
    const { id, mail } = compose();
    const { lines, log } = fakeLog();

    await expect(deliverContactMail(id, mail, { outboxDir: dir }, log)).resolves.toEqual({
      id,
      outcome: "outbox",
      repeat: false,
    });
    expect(lines).toEqual([`contact mail ${id}: outbox (no SMTP server configured)`]);
    expect(await filesIn(dir)).toEqual([`${id}.eml`]);
    expect((await fs.stat(dir)).mode & 0o777).toBe(0o700);
    expect((await fs.stat(path.join(dir, `${id}.eml`))).mode & 0o777).toBe(0o600);

    const raw = await fs.readFile(path.join(dir, `${id}.eml`), "latin1");
    expect(messageIdOf(raw)).toBe(`<${id}@studio.test>`);
    expect(headerValues(messageHeaders(raw), "To")).toEqual([INBOX]);
    expect(partBody(raw, "text/plain")).toContain("Mon numéro privé : 0612345678.");
  });

  it("throws, logged and counted as lost, when the message cannot be written", async () => {
    const base = await tempDir();
    await fs.writeFile(path.join(base, "file"), "not a folder");
    const { id, mail } = compose();
    const { lines, log } = fakeLog();
    const lost = async () =>
      (await siteMetrics().contactMessages.get()).values.find((value) => value.labels.outcome === "lost")
        ?.value ?? 0;
    const before = await lost();

    await expect(
      deliverContactMail(id, mail, { outboxDir: path.join(base, "file", "outbox") }, log),
    ).rejects.toThrow();
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^contact mail ${id}: not queued \\(ENOTDIR `))]);
    await expect(lost()).resolves.toBe(before + 1);
  });

  it("logs ids and outcomes, never the visitor's data", async () => {
    const server = await sink();
    const dir = await tempDir();
    const { lines, log } = fakeLog();

    const sent = compose();
    await deliverContactMail(sent.id, sent.mail, { smtpUrl: server.url, outboxDir: dir }, log);
    await deliverContactMail(sent.id, sent.mail, { smtpUrl: server.url, outboxDir: dir }, log);
    server.mode = "reject550";
    const refused = compose();
    await deliverContactMail(refused.id, refused.mail, { smtpUrl: server.url, outboxDir: dir }, log);
    const offline = compose();
    await deliverContactMail(offline.id, offline.mail, { outboxDir: dir }, log);
    const unwritable = compose();
    await fs.writeFile(path.join(dir, "file"), "");
    await expect(
      deliverContactMail(unwritable.id, unwritable.mail, { outboxDir: path.join(dir, "file", "x") }, log),
    ).rejects.toThrow();
    await flush(dir, server, log); // still refusing: both kept
    server.mode = "accept";
    await flush(dir, server, log);

    expect(lines).toHaveLength(9);
    expect(lines.slice(0, 5)).toEqual([
      `contact mail ${sent.id}: sent`,
      `contact mail ${sent.id}: repeat of an accepted submission`,
      expect.stringMatching(new RegExp(`^contact mail ${refused.id}: queued \\(EMESSAGE 550 `)),
      `contact mail ${offline.id}: outbox (no SMTP server configured)`,
      expect.stringMatching(new RegExp(`^contact mail ${unwritable.id}: not queued \\(ENOTDIR `)),
    ]);
    expect(lines.slice(5, 7)).toEqual(
      expect.arrayContaining(
        [refused.id, offline.id].map((id) =>
          expect.stringMatching(new RegExp(`^outbox: ${id} kept: EMESSAGE 550 `)),
        ),
      ),
    );
    expect(lines.slice(7).sort()).toEqual(
      [`outbox: ${refused.id} sent`, `outbox: ${offline.id} sent`].sort(),
    );
    for (const line of lines) {
      for (const secret of PERSONAL) expect(line).not.toContain(secret);
    }
  });

  it("a server that answers after the visitor's wait: the visitor hears 'outbox', the send goes on, one mail arrives", async () => {
    // RFC 5321 gives a server 10 minutes after the final dot. Giving up at the visitor's deadline
    // and leaving the message to a flush sent it twice.
    const server = await sink();
    server.mode = "slow";
    server.slowReplyMs = 4_000;
    const dir = await tempDir();
    const { id, mail } = compose();
    const { lines, log } = fakeLog();
    const config: DeliveryConfig = { smtpUrl: server.url, outboxDir: dir, timeoutMs: 300 };

    const started = Date.now();
    await expect(deliverContactMail(id, mail, config, log)).resolves.toEqual({
      id,
      outcome: "outbox",
      repeat: false,
    });
    const waited = Date.now() - started;
    // About twice the timeout: never less, and well before the server's answer.
    expect(waited).toBeGreaterThanOrEqual(590);
    expect(waited).toBeLessThan(3_900);
    expect(server.received).toHaveLength(0);
    await expect(submissionState(dir, id)).resolves.toBe("sending");

    // A flush meanwhile finds the message being sent: it leaves it alone.
    const { lines: flushLines, log: flushLog } = fakeLog();
    await server.untilWaiting(1);
    await expect(flush(dir, server, flushLog)).resolves.toEqual({ sent: 0, kept: 0, busy: 1 });
    expect(flushLines).toEqual([`outbox: ${id} is being sent by another process`]);
    expect(server.transactions).toBe(1);
    // The visitor's second click waits as long as the first did, then hears the same.
    await expect(deliverContactMail(id, mail, config, log)).resolves.toEqual({
      id,
      outcome: "outbox",
      repeat: true,
    });

    // The late 250 marks it delivered.
    await server.untilReceived(1);
    await waitFor(
      async () => (await filesIn(dir)).join() === `${id}.sent`,
      "the message to be marked delivered",
    );
    await expect(submissionState(dir, id)).resolves.toBe("sent");
    await expect(flush(dir, server, flushLog)).resolves.toEqual({ sent: 0, kept: 0, busy: 0 });
    await expect(deliverContactMail(id, mail, config, log)).resolves.toEqual({
      id,
      outcome: "sent",
      repeat: true,
    });
    expect(server.counts()).toEqual(new Map([[`<${id}@studio.test>`, 1]]));
    expect(server.transactions).toBe(1);
    await waitFor(() => lines.includes(`contact mail ${id}: sent`), "the late outcome to be logged");
    expect(lines).toEqual([
      `contact mail ${id}: queued, the server has not answered yet (still sending)`,
      `contact mail ${id}: repeat of an accepted submission`,
      `contact mail ${id}: sent`,
      `contact mail ${id}: repeat of an accepted submission`,
    ]);
  });

  it("a second submission with the same key is answered as the first stands, and nothing more is sent", async () => {
    const server = await sink();
    const dir = await tempDir();
    const { id, mail } = compose();
    const { log } = fakeLog();

    await expect(deliverContactMail(id, mail, { smtpUrl: server.url, outboxDir: dir }, log)).resolves.toEqual(
      {
        id,
        outcome: "sent",
        repeat: false,
      },
    );
    await expect(deliverContactMail(id, mail, { smtpUrl: server.url, outboxDir: dir }, log)).resolves.toEqual(
      {
        id,
        outcome: "sent",
        repeat: true,
      },
    );
    expect(server.counts()).toEqual(new Map([[`<${id}@studio.test>`, 1]]));

    // Queued (no SMTP): the repeat says queued, and is still one message once flushed.
    const queued = compose();
    for (const repeat of [false, true]) {
      await expect(deliverContactMail(queued.id, queued.mail, { outboxDir: dir }, log)).resolves.toEqual({
        id: queued.id,
        outcome: "outbox",
        repeat,
      });
    }
    await expect(outboxDepth(dir)).resolves.toBe(1);
    await expect(flush(dir, server, log)).resolves.toEqual({ sent: 1, kept: 0, busy: 0 });
    await expect(deliverContactMail(queued.id, queued.mail, { outboxDir: dir }, log)).resolves.toEqual({
      id: queued.id,
      outcome: "sent",
      repeat: true,
    });
    expect(server.received).toHaveLength(2);
  });

  it("of several submissions with one key at once, one is accepted and one mail is sent", async () => {
    const server = await sink();
    const dir = await tempDir();
    const { log } = fakeLog();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 8 }), fc.boolean(), async (count, withSmtp) => {
        const { id, mail } = compose();
        const config: DeliveryConfig = { outboxDir: dir, ...(withSmtp ? { smtpUrl: server.url } : {}) };
        const answers = await Promise.all(
          Array.from({ length: count }, () => deliverContactMail(id, mail, config, log)),
        );
        expect(answers.filter((answer) => !answer.repeat)).toHaveLength(1);
        const names = (await filesIn(dir)).filter((name) => name.startsWith(`${id}.`));
        expect(names.filter((name) => name.endsWith(".eml") || name.endsWith(".sent"))).toHaveLength(1);
        await flush(dir, server, log);
        // A send still under way from the first answer ends too.
        await waitFor(async () => (await submissionState(dir, id)) === "sent", "the message to be delivered");
        expect(server.counts().get(`<${id}@studio.test>`)).toBe(1);
      }),
      { numRuns: 12 },
    );
    await expect(flush(dir, server, log)).resolves.toEqual({ sent: 0, kept: 0, busy: 0 });
    expect(server.received).toHaveLength(12);
  });

  it("a process killed while it sends leaves the message on disk, and the next flush sends it at once", async () => {
    const server = await sink();
    server.mode = "hang";
    const dir = await tempDir();
    const id = newId();
    const child = deliverInChild(id, { smtpUrl: server.url, outboxDir: dir, timeoutMs: 300 });
    await child.ready;
    child.go();
    // The visitor was told "queued" and the child still waits for the server's reply.
    await expect(child.result).resolves.toEqual({ id, outcome: "outbox", repeat: false });
    await server.untilWaiting(1);
    expect(await filesIn(dir)).toEqual(whileSending(id));
    await expect(leaseHolder(path.join(dir, `${id}.lease`))).resolves.toMatchObject({
      pid: child.pid,
      host: os.hostname(),
    });

    child.kill("SIGKILL");
    await expect(child.exited).resolves.toEqual({ code: null, signal: "SIGKILL" });
    // The lease outlives this test by minutes; its holder's death ends it.
    expect(await filesIn(dir)).toEqual(whileSending(id));
    server.mode = "accept";
    const { lines, log } = fakeLog();
    await expect(flush(dir, server, log)).resolves.toEqual({ sent: 1, kept: 0, busy: 0 });
    expect(lines).toEqual([`outbox: ${id} sent`]);
    expect(server.counts()).toEqual(new Map([[`<${id}@studio.test>`, 1]]));
    expect(server.received[0].to).toEqual([INBOX]);
    expect(await filesIn(dir)).toEqual([`${id}.sent`]);
  });
});

/* ---------------------------------------------------------------- outbox */

describe("outbox", () => {
  it("resolves CONTACT_OUTBOX_DIR, or .outbox, against the working directory", () => {
    expect(outboxDir(parseEnv({}))).toBe(path.join(process.cwd(), ".outbox"));
    expect(outboxDir(parseEnv({ CONTACT_OUTBOX_DIR: "var/mail" }))).toBe(
      path.join(process.cwd(), "var/mail"),
    );
    expect(outboxDir(parseEnv({ CONTACT_OUTBOX_DIR: "/srv/outbox" }))).toBe("/srv/outbox");
  });

  it("refuses an id that is not a plain file name, and knows nothing of it", async () => {
    const dir = await tempDir();
    for (const id of ["../escape", "a/b", ".hidden", "", "x.eml"]) {
      await expect(writeToOutbox(dir, id, compose().mail)).rejects.toThrow(TypeError);
      await expect(submissionState(dir, id)).resolves.toBeNull();
    }
    expect(await filesIn(dir)).toEqual([]);
  });

  it("counts what is not yet delivered and tells where a submission stands", async () => {
    const dir = path.join(await tempDir(), "outbox");
    await expect(outboxDepth(dir)).resolves.toBe(0);
    const waiting = compose();
    const leased = compose();
    for (const { id, mail } of [waiting, leased]) await writeToOutbox(dir, id, mail);
    expect(await leaseMessage(dir, leased.id, LEASE_MS)).not.toBeNull();
    await expect(outboxDepth(dir)).resolves.toBe(2);
    await expect(submissionState(dir, waiting.id)).resolves.toBe("queued");
    await expect(submissionState(dir, leased.id)).resolves.toBe("sending");
    await expect(submissionState(dir, newId())).resolves.toBeNull();

    // The leased one is being sent elsewhere: the flush leaves it.
    const server = await sink();
    await expect(flush(dir, server, fakeLog().log)).resolves.toEqual({ sent: 1, kept: 0, busy: 1 });
    await expect(outboxDepth(dir)).resolves.toBe(1);
    await expect(submissionState(dir, waiting.id)).resolves.toBe("sent");
    await expect(submissionState(dir, leased.id)).resolves.toBe("sending");
  });

  it("flushes nothing from a folder that does not exist", async () => {
    const server = await sink();
    await expect(flush(path.join(await tempDir(), "none"), server, fakeLog().log)).resolves.toEqual({
      sent: 0,
      kept: 0,
      busy: 0,
    });
  });

  it("sends the oldest message first", async () => {
    const server = await sink();
    const dir = await tempDir();
    const queued = [compose(), compose(), compose()];
    for (const [index, { id, mail }] of queued.entries()) {
      await writeToOutbox(dir, id, mail);
      // Queued one minute apart, the first written the newest.
      const time = new Date(Date.UTC(2026, 0, 1, 12, 10 - index));
      await fs.utimes(path.join(dir, `${id}.eml`), time, time);
    }
    await expect(flush(dir, server, fakeLog().log)).resolves.toEqual({ sent: 3, kept: 0, busy: 0 });
    expect(server.received.map((received) => received.messageId)).toEqual(
      [...queued].reverse().map(({ id }) => `<${id}@studio.test>`),
    );
  });

  it("keeps a refused message and unreadable files, and sends the rest", async () => {
    const server = await sink();
    server.refuse.add("closed@studio.test");
    const dir = await tempDir();
    const refused = compose("closed@studio.test");
    const good = compose();
    const badSidecar = compose();
    await writeToOutbox(dir, refused.id, refused.mail);
    await writeToOutbox(dir, good.id, good.mail);
    await writeToOutbox(dir, badSidecar.id, badSidecar.mail);
    // An earlier release's envelope beside the message, damaged: not guessed from the headers.
    await fs.writeFile(path.join(dir, `${badSidecar.id}.json`), "{ not json");
    await fs.writeFile(path.join(dir, "corrupt.eml"), Buffer.from([0, 1, 2, 0xff, 0x0a, 0x41]));
    const { lines, log } = fakeLog();

    await expect(flush(dir, server, log)).resolves.toEqual({ sent: 1, kept: 3, busy: 0 });

    expect(server.received.map((received) => received.messageId)).toEqual([`<${good.id}@studio.test>`]);
    expect(await filesIn(dir)).toEqual(
      [
        "corrupt.eml",
        `${refused.id}.eml`,
        `${badSidecar.id}.eml`,
        `${badSidecar.id}.json`,
        `${good.id}.sent`,
      ].sort(),
    );
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^outbox: ${refused.id} kept: EENVELOPE 550 `)),
        expect.stringMatching(/^outbox: corrupt kept: unreadable/),
        expect.stringMatching(new RegExp(`^outbox: ${badSidecar.id} kept: unreadable`)),
        `outbox: ${good.id} sent`,
      ]),
    );
    expect(lines).toHaveLength(4);
  });

  it("keeps a message that some of its recipients refused", async () => {
    const server = await sink();
    server.refuse.add("closed@studio.test");
    const dir = await tempDir();
    const { id, mail } = compose(`${INBOX}, closed@studio.test`);
    await writeToOutbox(dir, id, mail);
    const { lines, log } = fakeLog();

    await expect(flush(dir, server, log)).resolves.toEqual({ sent: 0, kept: 1, busy: 0 });
    expect(server.received.map((received) => received.to)).toEqual([[INBOX]]);
    expect(lines).toEqual([`outbox: ${id} kept: 1 of 2 recipient(s) refused`]);
    expect(await filesIn(dir)).toEqual([`${id}.eml`]);
  });

  it("sends a .eml to the recipients of its own To and Cc headers", async () => {
    const server = await sink();
    const dir = await tempDir();
    const { id, mail } = compose("Le Studio <projects@studio.test>, press@studio.test");
    await writeToOutbox(dir, id, { ...mail, cc: "Archive <archive@studio.test>" });
    expect(await filesIn(dir)).toEqual([`${id}.eml`]);

    await expect(flush(dir, server, fakeLog().log)).resolves.toEqual({ sent: 1, kept: 0, busy: 0 });
    expect(server.received).toHaveLength(1);
    expect(server.received[0].from).toBe("site@studio.test");
    expect(server.received[0].to).toEqual([
      "projects@studio.test",
      "press@studio.test",
      "archive@studio.test",
    ]);
    expect(server.received[0].messageId).toBe(`<${id}@studio.test>`);
    expect(await filesIn(dir)).toEqual([`${id}.sent`]);
  });

  it("still sends a message queued by an earlier release with the envelope of its .json", async () => {
    const server = await sink();
    const dir = await tempDir();
    const { id, mail } = compose();
    await writeToOutbox(dir, id, mail);
    // The envelope differs from the headers (a bounce address, a recipient not in To): the sidecar wins.
    await fs.writeFile(
      path.join(dir, `${id}.json`),
      JSON.stringify({ envelope: { from: "bounces@studio.test", to: ["desk@studio.test"] } }),
    );

    await expect(flush(dir, server, fakeLog().log)).resolves.toEqual({ sent: 1, kept: 0, busy: 0 });
    expect(server.received.map(({ from, to, messageId }) => ({ from, to, messageId }))).toEqual([
      { from: "bounces@studio.test", to: ["desk@studio.test"], messageId: `<${id}@studio.test>` },
    ]);
    expect(await filesIn(dir)).toEqual([`${id}.sent`]);
  });

  it("drops, unsent, a message whose delivery was marked before it could be removed, and forgets old marks", async () => {
    const server = await sink();
    const dir = await tempDir();
    const delivered = compose();
    const old = compose();
    const beingMarked = compose();
    for (const { id, mail } of [delivered, old, beingMarked]) await writeToOutbox(dir, id, mail);
    // What a process killed between the mark and the removal leaves behind.
    await fs.writeFile(path.join(dir, `${delivered.id}.sent`), "");
    // A mark from beyond the time a repeat is recognised.
    await fs.rm(path.join(dir, `${old.id}.eml`));
    await fs.writeFile(path.join(dir, `${old.id}.sent`), "");
    const longAgo = new Date(Date.now() - DELIVERED_MARK_MS - 60_000);
    await fs.utimes(path.join(dir, `${old.id}.sent`), longAgo, longAgo);
    // Marked and still held by the process marking it: left to that process.
    await fs.writeFile(path.join(dir, `${beingMarked.id}.sent`), "");
    expect(await leaseMessage(dir, beingMarked.id, LEASE_MS)).not.toBeNull();

    await expect(flush(dir, server, fakeLog().log)).resolves.toEqual({ sent: 0, kept: 0, busy: 1 });
    expect(server.transactions).toBe(0);
    expect(await filesIn(dir)).toEqual(
      [
        `${delivered.id}.sent`,
        `${beingMarked.id}.eml`,
        `${beingMarked.id}.lease`,
        `${beingMarked.id}.sent`,
      ].sort(),
    );
    await expect(submissionState(dir, old.id)).resolves.toBeNull();
  });

  it("queues again a message an earlier release's flush had claimed and not finished, once that flush is gone", async () => {
    const server = await sink();
    const dir = await tempDir();
    const claimed = compose();
    const claimedAndDelivered = compose();
    const stillClaimed = compose();
    // Claims by a flush that no longer runs (a pid past Linux's highest), and by one that does.
    const claims = [
      [claimed, 4_194_305],
      [claimedAndDelivered, 4_194_305],
      [stillClaimed, process.pid],
    ] as const;
    for (const [{ id, mail }, pid] of claims) {
      await writeToOutbox(dir, id, mail);
      await fs.rename(path.join(dir, `${id}.eml`), path.join(dir, `.${id}.eml.sending-${pid}-deadbeef`));
    }
    await fs.writeFile(path.join(dir, `${claimedAndDelivered.id}.sent`), "");
    const { lines, log } = fakeLog();

    await expect(flush(dir, server, log)).resolves.toEqual({ sent: 1, kept: 0, busy: 0 });
    expect(server.received.map((received) => received.messageId)).toEqual([`<${claimed.id}@studio.test>`]);
    expect(lines).toEqual([
      `outbox: ${claimed.id} queued again (an interrupted flush had claimed it)`,
      `outbox: ${claimed.id} sent`,
    ]);
    expect(await filesIn(dir)).toEqual(
      [
        `${claimed.id}.sent`,
        `${claimedAndDelivered.id}.sent`,
        `.${stillClaimed.id}.eml.sending-${process.pid}-deadbeef`,
      ].sort(),
    );
  });

  it("stops when its signal aborts, after the message being sent: delivered, the next is not tried", async () => {
    const server = await sink();
    server.mode = "slow";
    server.slowReplyMs = 800;
    const dir = await tempDir();
    const first = compose();
    const second = compose();
    for (const [index, { id, mail }] of [first, second].entries()) {
      await writeToOutbox(dir, id, mail);
      const time = new Date(Date.UTC(2026, 0, 1, 12, index));
      await fs.utimes(path.join(dir, `${id}.eml`), time, time);
    }
    const stop = new AbortController();
    const { lines, log } = fakeLog();
    const flushing = flush(dir, server, log, { signal: stop.signal });
    await server.untilWaiting(1);
    stop.abort();
    await expect(flushing).resolves.toEqual({ sent: 1, kept: 0, busy: 0 });
    expect(lines).toEqual([`outbox: ${first.id} sent`]);
    expect(await filesIn(dir)).toEqual([`${first.id}.sent`, `${second.id}.eml`].sort());
    expect([...server.counts().keys()]).toEqual([`<${first.id}@studio.test>`]);
  });

  it("abandons the send under way when told to: its message stays queued, unleased, the next is not tried", async () => {
    const server = await sink();
    server.mode = "hang";
    const dir = await tempDir();
    const first = compose();
    const second = compose();
    for (const [index, { id, mail }] of [first, second].entries()) {
      await writeToOutbox(dir, id, mail);
      const time = new Date(Date.UTC(2026, 0, 1, 12, index));
      await fs.utimes(path.join(dir, `${id}.eml`), time, time);
    }
    const stop = new AbortController();
    const { lines, log } = fakeLog();
    const flushing = flush(dir, server, log, { signal: stop.signal, abortSend: stop.signal });
    await server.untilWaiting(1);
    stop.abort();
    await expect(flushing).resolves.toEqual({ sent: 0, kept: 1, busy: 0 });
    expect(lines).toEqual([`outbox: ${first.id} kept: EABORT Message sending aborted`]);
    expect(await filesIn(dir)).toEqual([`${first.id}.eml`, `${second.id}.eml`].sort());
    expect(server.transactions).toBe(1);
  });
});

/* ---------------------------------------------------------------- npm run outbox:flush */

interface FlushRun {
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
}

/**
 * The command of `npm run outbox:flush` (package.json), which the systemd unit runs too: node itself
 * runs the script, so a signal reaches the flush's own handlers (tsx's command would run it in a
 * child and kill that child outright when it did not report a signal within 30 ms).
 */
const FLUSH_COMMAND = (
  JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }
).scripts["outbox:flush"]!.split(" ");

/** `npm run outbox:flush`, as its script runs it, with this environment only. */
function startFlush(env: Record<string, string>): FlushRun {
  const base = { ...process.env };
  for (const name of Object.keys(base)) {
    if (name.startsWith("CONTACT_") || name === "SMTP_URL") delete base[name];
  }
  const [program, ...args] = FLUSH_COMMAND;
  expect(program).toBe("node");
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...base, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("close", (code, signal) => resolve({ code, signal })),
  );
  const watchdog = setTimeout(() => child.kill("SIGKILL"), 50_000);
  void exited.then(() => clearTimeout(watchdog));
  return {
    output: () => output,
    exited,
    kill: (signal) => child.kill(signal),
  };
}

async function runFlush(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const run = startFlush(env);
  const { code } = await run.exited;
  return { code, output: run.output() };
}

function flushEnv(server: Sink, dir: string, extra: Record<string, string> = {}) {
  return {
    SMTP_URL: server.url,
    CONTACT_OUTBOX_DIR: dir,
    CONTACT_SMTP_TIMEOUT_MS: "5000",
    CONTACT_SMTP_REPLY_TIMEOUT_MS: "30000",
    ...extra,
  };
}

describe("outbox:flush", () => {
  it("sends the queued message and exits 0", async () => {
    const server = await sink();
    const dir = await tempDir();
    const { id, mail } = compose();
    await writeToOutbox(dir, id, mail);

    const result = await runFlush(flushEnv(server, dir));
    expect(result).toMatchObject({ code: 0 });
    expect(result.output).toContain("1 sent, 0 kept, 0 being sent elsewhere");
    expect(await filesIn(dir)).toEqual([`${id}.sent`]);
    expect(server.received).toHaveLength(1);
    expect(server.received[0].to).toEqual([INBOX]);
    expect(server.received[0].messageId).toBe(`<${id}@studio.test>`);
  });

  it("exits 1 when a message is kept", async () => {
    const server = await sink();
    server.mode = "reject451";
    const dir = await tempDir();
    const { id, mail } = compose();
    await writeToOutbox(dir, id, mail);

    const result = await runFlush(flushEnv(server, dir));
    expect(result).toMatchObject({ code: 1 });
    expect(result.output).toContain("0 sent, 1 kept");
    expect(await filesIn(dir)).toEqual([`${id}.eml`]);
  });

  it("exits 1 with a clear message without SMTP_URL, touching nothing", async () => {
    const dir = await tempDir();
    const { id, mail } = compose();
    await writeToOutbox(dir, id, mail);

    const result = await runFlush({ CONTACT_OUTBOX_DIR: dir });
    expect(result.code).toBe(1);
    expect(result.output).toContain("outbox:flush needs SMTP_URL");
    expect(await filesIn(dir)).toEqual([`${id}.eml`]);
  });

  it("two flushes at once deliver each message exactly once", async () => {
    const server = await sink();
    const dir = await tempDir();
    const ids: string[] = [];
    for (let index = 0; index < 40; index++) {
      const { id, mail } = compose();
      ids.push(id);
      await writeToOutbox(dir, id, mail);
    }
    const results = await Promise.all([runFlush(flushEnv(server, dir)), runFlush(flushEnv(server, dir))]);
    const counts = results.map(({ output }) => {
      const match = /(\d+) sent, (\d+) kept, (\d+) being sent elsewhere/.exec(output);
      expect(match).not.toBeNull();
      return { sent: Number(match?.[1]), kept: Number(match?.[2]), busy: Number(match?.[3]) };
    });
    // A flush that met a message the other was sending says so with its exit code.
    for (const [index, { code }] of results.entries()) expect(code).toBe(counts[index].busy === 0 ? 0 : 1);
    expect(counts[0].sent + counts[1].sent).toBe(40);
    expect(counts[0].kept + counts[1].kept).toBe(0);
    expect([...server.counts().keys()].sort()).toEqual(ids.map((id) => `<${id}@studio.test>`).sort());
    expect([...server.counts().values()].every((count) => count === 1)).toBe(true);
    await expect(outboxDepth(dir)).resolves.toBe(0);
  });

  it.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)(
    "on %s during a send, finishes that message, sends no other, and exits %i",
    async (signal, code) => {
      const server = await sink();
      server.mode = "slow";
      server.slowReplyMs = 1_500;
      const dir = await tempDir();
      const [first, second] = [compose(), compose()];
      for (const [index, { id, mail }] of [first, second].entries()) {
        await writeToOutbox(dir, id, mail);
        const time = new Date(Date.UTC(2026, 0, 1, 12, index));
        await fs.utimes(path.join(dir, `${id}.eml`), time, time);
      }

      const run = startFlush(flushEnv(server, dir));
      await server.untilWaiting(1);
      run.kill(signal);
      await expect(run.exited).resolves.toEqual({ code, signal: null });
      expect(run.output()).toContain(`${signal}, stopping after the message being sent`);
      expect(await filesIn(dir)).toEqual([`${first.id}.sent`, `${second.id}.eml`].sort());
      expect([...server.counts().keys()]).toEqual([`<${first.id}@studio.test>`]);
    },
  );

  it.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)(
    "on a second %s during a send, gives the message back to the queue and exits %i",
    async (signal, code) => {
      const server = await sink();
      server.mode = "hang";
      const dir = await tempDir();
      const { id, mail } = compose();
      await writeToOutbox(dir, id, mail);

      const run = startFlush(flushEnv(server, dir));
      await server.untilWaiting(1);
      expect(await filesIn(dir)).toEqual(whileSending(id));
      run.kill(signal);
      // A person's second Ctrl-C, not the echo of the first (lib/process/signals.mjs).
      await new Promise((resolve) => setTimeout(resolve, REPEAT_SIGNAL_MS + 300));
      // Still sending after the first: the server may already have the message.
      expect(await filesIn(dir)).toEqual(whileSending(id));
      run.kill(signal);
      await expect(run.exited).resolves.toEqual({ code, signal: null });
      expect(run.output()).toContain(`${signal} again, abandoning the send under way`);
      expect(await filesIn(dir)).toEqual([`${id}.eml`]);
      expect(server.received).toHaveLength(0);
    },
  );

  it("one Ctrl-C that arrives twice (npm relays it) lets the send under way finish: delivered, exit 130", async () => {
    const server = await sink();
    server.mode = "slow";
    server.slowReplyMs = 1_500;
    const dir = await tempDir();
    const { id, mail } = compose();
    await writeToOutbox(dir, id, mail);

    const run = startFlush(flushEnv(server, dir));
    await server.untilWaiting(1);
    run.kill("SIGINT");
    await new Promise((resolve) => setTimeout(resolve, 50));
    run.kill("SIGINT");
    await expect(run.exited).resolves.toEqual({ code: 130, signal: null });
    expect(run.output()).not.toContain("abandoning");
    expect(server.counts()).toEqual(new Map([[`<${id}@studio.test>`, 1]]));
    expect(await filesIn(dir)).toEqual([`${id}.sent`]);
  });

  it("killed during a send, leaves the message to the next flush, which sends it at once", async () => {
    const server = await sink();
    server.mode = "hang";
    const dir = await tempDir();
    const { id, mail } = compose();
    await writeToOutbox(dir, id, mail);

    const run = startFlush(flushEnv(server, dir));
    await server.untilWaiting(1);
    // The process that holds the lease is the one sending: tsx's child.
    const holder = await leaseHolder(path.join(dir, `${id}.lease`));
    process.kill(holder.pid, "SIGKILL");
    await run.exited;
    expect(await filesIn(dir)).toEqual(whileSending(id));

    server.mode = "accept";
    const result = await runFlush(flushEnv(server, dir));
    expect(result.code).toBe(0);
    expect(result.output).toContain("1 sent, 0 kept, 0 being sent elsewhere");
    expect(server.counts()).toEqual(new Map([[`<${id}@studio.test>`, 1]]));
    expect(await filesIn(dir)).toEqual([`${id}.sent`]);
  });

  it("exits 1 and says so when another process is sending a message", async () => {
    const server = await sink();
    server.mode = "hang";
    const dir = await tempDir();
    const id = newId();
    const child = deliverInChild(id, { smtpUrl: server.url, outboxDir: dir, timeoutMs: 300 });
    await child.ready;
    child.go();
    await server.untilWaiting(1);

    const result = await runFlush(flushEnv(server, dir));
    expect(result.code).toBe(1);
    expect(result.output).toContain(`outbox: ${id} is being sent by another process`);
    expect(result.output).toContain("0 sent, 0 kept, 1 being sent elsewhere");
    expect(server.transactions).toBe(1);
    expect(await filesIn(dir)).toEqual(whileSending(id));
  });
});
