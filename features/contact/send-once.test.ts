/**
 * One message, one send, at the seams between senders and the disk: an instance's first attempt
 * and a flush that got there first, a lease that must outlast a slow server, a disk that fills up
 * around the send. Real SMTP (smtp-server on 127.0.0.1) and real files; the disk's failures are
 * injected into node:fs's own functions, which the outbox calls.
 */
import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";

import type { Sink } from "@/test-support/smtp-sink";
import { sinksPerTest, tempDirsPerTest } from "@/test-support/per-test";

import { composeContactMail } from "./compose";
import { deliverContactMail, smtpTransport } from "./deliver";
import type { ContactMessage } from "./message";
import { flushOutbox, sendQueuedMessage, writeToOutbox, type Logger } from "./outbox";

jest.setTimeout(60_000);

const sink = sinksPerTest();
const tempDir = tempDirsPerTest("contact-send-once-");

afterEach(() => jest.restoreAllMocks());

const VISITOR: ContactMessage = {
  name: "Ann",
  email: "ann@visitor.test",
  purpose: "project",
  message: "A project for you.",
  lang: "en",
};

function compose() {
  const id = `k-${randomBytes(16).toString("base64url")}`;
  const { mail } = composeContactMail(VISITOR, {
    id,
    to: "projects@studio.test",
    from: "Studio <site@studio.test>",
    purposeLabel: "Project",
    siteName: "Studio",
  });
  return { id, mail };
}

function fakeLog(): { lines: string[]; log: Logger } {
  const lines: string[] = [];
  const push = (line: string) => void lines.push(line);
  return { lines, log: { info: push, warn: push, error: push } };
}

async function flush(dir: string, server: Sink, log: Logger = fakeLog().log, leaseMs?: number) {
  const transport = smtpTransport(server.url, 5_000, 30_000);
  try {
    return await flushOutbox(dir, transport, log, leaseMs === undefined ? {} : { leaseMs });
  } finally {
    transport.close();
  }
}

const diskFull = () => Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" });

/** A delivery mark being prepared (a temporary file beside the message). */
const isMarkBeingWritten = (file: unknown) => /\.sent\.\d+\.[0-9a-f]+\.tmp$/.test(String(file));

describe("one sender per message", () => {
  it("an instance whose flush got there first (between the write and the instance's lease) sends nothing", async () => {
    const server = await sink();
    const dir = await tempDir();
    const { id, mail } = compose();
    const config = { smtpUrl: server.url, outboxDir: dir };
    // The instance has written the message and is about to take its lease: the timer's flush
    // (another process in production) runs in that gap, sends it, and releases its own lease.
    const writeFile = fs.writeFile.bind(fs);
    let flushed: Promise<unknown> | undefined;
    jest.spyOn(fs, "writeFile").mockImplementation(async (file, ...rest) => {
      if (!flushed && String(file).includes(".lease.")) {
        flushed = flush(dir, server);
        await flushed;
      }
      return writeFile(file, ...rest);
    });

    await expect(deliverContactMail(id, mail, config, fakeLog().log)).resolves.toEqual({
      id,
      outcome: "sent",
      repeat: false,
    });
    await expect(flushed).resolves.toEqual({ sent: 1, kept: 0, busy: 0 });
    expect(server.counts()).toEqual(new Map([[`<${id}@studio.test>`, 1]]));
    expect(await fs.readdir(dir)).toEqual([`${id}.sent`]);
  });

  it("a send that outlasts its lease's length keeps the lease: a flush meanwhile leaves the message", async () => {
    const server = await sink();
    server.mode = "slow";
    server.slowReplyMs = 1_200;
    const dir = await tempDir();
    const { id, mail } = compose();
    await writeToOutbox(dir, id, mail);
    const transport = smtpTransport(server.url, 5_000, 30_000);
    // A lease of 300 ms, as a holder on another machine would hold it (by its time): renewed.
    const sending = sendQueuedMessage(dir, id, transport, fakeLog().log, { leaseMs: 300 });
    await server.untilWaiting(1);
    await new Promise((resolve) => setTimeout(resolve, 700));
    await expect(flush(dir, server, fakeLog().log, 300)).resolves.toEqual({ sent: 0, kept: 0, busy: 1 });
    await expect(sending).resolves.toEqual({ outcome: "sent" });
    transport.close();
    expect(server.counts()).toEqual(new Map([[`<${id}@studio.test>`, 1]]));
  });
});

describe("a folder that fails once the message is in it", () => {
  it("a message linked into the queue is accepted even when syncing the folder fails (a refusal would be untrue)", async () => {
    const server = await sink();
    const dir = await tempDir();
    const { id, mail } = compose();
    const open = fs.open.bind(fs);
    jest.spyOn(fs, "open").mockImplementation(async (file, ...rest) => {
      if (String(file) === dir)
        throw Object.assign(new Error("EMFILE: too many open files"), { code: "EMFILE" });
      return open(file, ...rest);
    });
    await expect(
      deliverContactMail(id, mail, { smtpUrl: server.url, outboxDir: dir }, fakeLog().log),
    ).resolves.toEqual({ id, outcome: "sent", repeat: false });
    expect(server.counts()).toEqual(new Map([[`<${id}@studio.test>`, 1]]));
  });
});

describe("a disk that fills up around the send", () => {
  it("when the delivery mark cannot be prepared, nothing is sent; the flush sends it once there is room", async () => {
    const server = await sink();
    const dir = await tempDir();
    const { id, mail } = compose();
    const open = fs.open.bind(fs);
    const full = jest.spyOn(fs, "open").mockImplementation(async (file, ...rest) => {
      if (isMarkBeingWritten(file)) throw diskFull();
      return open(file, ...rest);
    });
    const { lines, log } = fakeLog();

    await expect(deliverContactMail(id, mail, { smtpUrl: server.url, outboxDir: dir }, log)).resolves.toEqual(
      { id, outcome: "outbox", repeat: false },
    );
    expect(server.transactions).toBe(0);
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^contact mail ${id}: queued \\(ENOSPC`)));
    expect(await fs.readdir(dir)).toEqual([`${id}.eml`]);

    full.mockRestore();
    await expect(flush(dir, server)).resolves.toEqual({ sent: 1, kept: 0, busy: 0 });
    expect(server.counts()).toEqual(new Map([[`<${id}@studio.test>`, 1]]));
  });

  it("when the mark cannot be recorded after the server accepted, the message still leaves the queue", async () => {
    const server = await sink();
    const dir = await tempDir();
    const { id, mail } = compose();
    const rename = fs.rename.bind(fs);
    jest.spyOn(fs, "rename").mockImplementation(async (from, to) => {
      if (String(to).endsWith(".sent")) throw diskFull();
      return rename(from, to);
    });
    const { lines, log } = fakeLog();

    await expect(deliverContactMail(id, mail, { smtpUrl: server.url, outboxDir: dir }, log)).resolves.toEqual(
      { id, outcome: "sent", repeat: false },
    );
    expect(lines).toContainEqual(
      `outbox: ${id} delivered, but its mark could not be written (ENOSPC ENOSPC: no space left on device)`,
    );
    expect(await fs.readdir(dir)).toEqual([]);
    await expect(flush(dir, server)).resolves.toEqual({ sent: 0, kept: 0, busy: 0 });
    expect(server.counts()).toEqual(new Map([[`<${id}@studio.test>`, 1]]));
  });

  it("a flush that meets a failing message goes on with the next, and leaves no lease behind", async () => {
    const server = await sink();
    const dir = await tempDir();
    const failing = compose();
    const next = compose();
    for (const [index, { id, mail }] of [failing, next].entries()) {
      await writeToOutbox(dir, id, mail);
      const time = new Date(Date.UTC(2026, 0, 1, 12, index));
      await fs.utimes(path.join(dir, `${id}.eml`), time, time);
    }
    const open = fs.open.bind(fs);
    jest.spyOn(fs, "open").mockImplementation(async (file, ...rest) => {
      if (isMarkBeingWritten(file) && String(file).includes(failing.id)) throw diskFull();
      return open(file, ...rest);
    });
    const { lines, log } = fakeLog();

    await expect(flush(dir, server, log)).resolves.toEqual({ sent: 1, kept: 1, busy: 0 });
    expect(lines).toEqual([
      `outbox: ${failing.id} kept: ENOSPC ENOSPC: no space left on device`,
      `outbox: ${next.id} sent`,
    ]);
    expect((await fs.readdir(dir)).sort()).toEqual([`${failing.id}.eml`, `${next.id}.sent`].sort());
  });
});

describe("a send's bound", () => {
  /** An SMTP server that takes `commandMs` to answer MAIL FROM and `finalMs` to accept the message. */
  async function slowServer(commandMs: number, finalMs: number) {
    const { SMTPServer } = await import("smtp-server");
    const accepted: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      disableReverseLookup: true,
      logger: false,
      onMailFrom: (_address, _session, done) => void setTimeout(() => done(), commandMs),
      onData: (stream, _session, done) => {
        let text = "";
        stream.on("data", (chunk: Buffer) => (text += chunk.toString()));
        stream.on("end", () =>
          setTimeout(() => {
            accepted.push(text);
            done();
          }, finalMs),
        );
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.server.address() as { port: number };
    return {
      url: `smtp://127.0.0.1:${port}`,
      accepted,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  it("gives up on a server too slow before the message (it cannot have it), never after the message", async () => {
    const dir = await tempDir();
    const slowBefore = compose();
    const slowAfter = compose();
    for (const { id, mail } of [slowBefore, slowAfter]) await writeToOutbox(dir, id, mail);

    const before = await slowServer(1_500, 0);
    const transport = smtpTransport(before.url, 5_000, 30_000);
    await expect(
      sendQueuedMessage(dir, slowBefore.id, transport, fakeLog().log, { handOverMs: 500 }),
    ).resolves.toEqual({ outcome: "kept", reason: "the server had not taken the message after 500 ms" });
    transport.close();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(before.accepted).toHaveLength(0);
    await before.close();

    // The message handed over at once, the server's answer 1.5 s later: waited for, not abandoned.
    const after = await slowServer(0, 1_500);
    const patient = smtpTransport(after.url, 5_000, 30_000);
    await expect(
      sendQueuedMessage(dir, slowAfter.id, patient, fakeLog().log, { handOverMs: 500 }),
    ).resolves.toEqual({ outcome: "sent" });
    patient.close();
    expect(after.accepted).toHaveLength(1);
    await after.close();
  });
});
