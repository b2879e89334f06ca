/**
 * Delivery against a real SMTP server (smtp-server, on 127.0.0.1), the outbox and its flush, and
 * the outbox:flush command.
 */
import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

import { SMTPServer, type SMTPServerError } from "smtp-server";

import { composeContactMail } from "./compose";
import { deliverContactMail, smtpTransport } from "./deliver";
import type { ContactMessage } from "./message";
import { flushOutbox, listOutbox, outboxDir, writeToOutbox, type Logger } from "./outbox";
import { parseEnv } from "@/lib/env";

import { headerValues, messageHeaders, partBody } from "@/test-support/raw-mail";

jest.setTimeout(60_000);

const ROOT = path.resolve(__dirname, "../..");
const INBOX = "projects@studio.test";

/* ---------------------------------------------------------------- SMTP server */

interface Received {
  from: string | false;
  to: string[];
  raw: string;
}

interface Sink {
  url: string;
  /** accept: 250; reject: 550 after DATA; hang: never answers DATA. */
  mode: "accept" | "reject" | "hang";
  /** Recipients refused at RCPT TO with 550. */
  refuse: Set<string>;
  received: Received[];
  close: () => Promise<void>;
}

function smtpError(message: string, responseCode: number): SMTPServerError {
  return Object.assign(new Error(message), { responseCode });
}

const sinks: Sink[] = [];

async function startSink(): Promise<Sink> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 200,
    onRcptTo(address, _session, callback) {
      if (sink.refuse.has(address.address)) callback(smtpError("Mailbox unavailable", 550));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (sink.mode === "hang") return;
        if (sink.mode === "reject") return callback(smtpError("Message refused by policy", 550));
        const { mailFrom, rcptTo } = session.envelope;
        sink.received.push({
          from: mailFrom ? mailFrom.address : false,
          to: rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString("latin1"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  let closed: Promise<void> | undefined;
  const sink: Sink = {
    url: `smtp://127.0.0.1:${port}`,
    mode: "accept",
    refuse: new Set(),
    received: [],
    close: () => (closed ??= new Promise<void>((resolve) => server.close(() => resolve()))),
  };
  sinks.push(sink);
  return sink;
}

afterAll(async () => {
  await Promise.all(sinks.map((sink) => sink.close()));
});

/* ---------------------------------------------------------------- fixtures */

const tempDirs: string[] = [];

async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "contact-outbox-"));
  tempDirs.push(dir);
  return dir;
}

afterEach(async () => {
  await Promise.all(tempDirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

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

function compose(overrides: Partial<ContactMessage> = {}, to = INBOX) {
  return composeContactMail(
    { ...VISITOR, ...overrides },
    { to, from: "Studio Site <site@studio.test>", purposeLabel: "Projet", siteName: "Studio" },
  );
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

function messageIdOf(raw: string): string | undefined {
  return headerValues(messageHeaders(raw), "Message-ID")[0];
}

/* ---------------------------------------------------------------- delivery */

describe("deliverContactMail", () => {
  it("(a) sends over SMTP when the server accepts", async () => {
    const sink = await startSink();
    const dir = path.join(await tempDir(), "outbox");
    const { id, mail } = compose();
    const { lines, log } = fakeLog();

    await expect(deliverContactMail(id, mail, { smtpUrl: sink.url, outboxDir: dir }, log)).resolves.toEqual({
      id,
      outcome: "sent",
    });

    expect(sink.received).toHaveLength(1);
    const [received] = sink.received;
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
    await expect(fs.stat(dir)).rejects.toMatchObject({ code: "ENOENT" });
    expect(lines).toEqual([`contact mail ${id}: sent`]);
  });

  it("(b) queues a refused message, and the flush delivers it once the server accepts", async () => {
    const sink = await startSink();
    const dir = await tempDir();
    const { id, mail } = compose();
    const { lines, log } = fakeLog();

    sink.mode = "reject";
    await expect(deliverContactMail(id, mail, { smtpUrl: sink.url, outboxDir: dir }, log)).resolves.toEqual({
      id,
      outcome: "outbox",
    });
    expect(sink.received).toHaveLength(0);
    expect(await filesIn(dir)).toEqual([`${id}.eml`, `${id}.json`]);
    expect((await listOutbox(dir)).map((entry) => entry.id)).toEqual([id]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^contact mail ${id}: outbox \\(EMESSAGE 550 .*Message refused by policy`),
    );

    sink.mode = "accept";
    const transport = smtpTransport(sink.url, 5_000);
    try {
      await expect(flushOutbox(dir, transport, log)).resolves.toEqual({ sent: 1, kept: 0 });
    } finally {
      transport.close();
    }
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0].from).toBe("site@studio.test");
    expect(sink.received[0].to).toEqual([INBOX]);
    expect(messageIdOf(sink.received[0].raw)).toBe(`<${id}@studio.test>`);
    expect(partBody(sink.received[0].raw, "text/plain")).toContain("0612345678");
    expect(await filesIn(dir)).toEqual([]);
    expect(lines[1]).toBe(`outbox: ${id} sent`);
  });

  it("(b) queues the message when the server is down", async () => {
    const sink = await startSink();
    await sink.close();
    const dir = await tempDir();
    const { id, mail } = compose();
    const { lines, log } = fakeLog();

    await expect(
      deliverContactMail(id, mail, { smtpUrl: sink.url, outboxDir: dir, timeoutMs: 2_000 }, log),
    ).resolves.toEqual({ id, outcome: "outbox" });
    expect(await filesIn(dir)).toEqual([`${id}.eml`, `${id}.json`]);
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(`^contact mail ${id}: outbox \\(ESOCKET connect ECONNREFUSED 127\\.0\\.0\\.1:`),
      ),
    ]);
  });

  it("(b) queues the message when its recipient is refused", async () => {
    const sink = await startSink();
    sink.refuse.add(INBOX);
    const dir = await tempDir();
    const { id, mail } = compose();
    const { lines, log } = fakeLog();

    await expect(deliverContactMail(id, mail, { smtpUrl: sink.url, outboxDir: dir }, log)).resolves.toEqual({
      id,
      outcome: "outbox",
    });
    expect(sink.received).toHaveLength(0);
    expect(await filesIn(dir)).toEqual([`${id}.eml`, `${id}.json`]);
    expect(lines[0]).toMatch(/^contact mail .*: outbox \(EENVELOPE 550 /);
  });

  it("(c) queues the message when the server does not answer in time", async () => {
    const sink = await startSink();
    sink.mode = "hang";
    const dir = await tempDir();
    const { id, mail } = compose();
    const { lines, log } = fakeLog();

    const started = Date.now();
    await expect(
      deliverContactMail(id, mail, { smtpUrl: sink.url, outboxDir: dir, timeoutMs: 500 }, log),
    ).resolves.toEqual({ id, outcome: "outbox" });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(sink.received).toHaveLength(0);
    expect(await filesIn(dir)).toEqual([`${id}.eml`, `${id}.json`]);
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^contact mail ${id}: outbox \\(.*(ETIMEDOUT|EABORT)`)),
    ]);
  });

  it("(c) gives up after twice the timeout on a server that keeps answering without end", async () => {
    // Each line resets the inactivity timeout: only the deadline on the whole send stops this.
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
      ).resolves.toEqual({ id, outcome: "outbox" });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(lines).toEqual([`contact mail ${id}: outbox (EABORT Message sending aborted)`]);
      expect(await filesIn(dir)).toEqual([`${id}.eml`, `${id}.json`]);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("(d) without SMTP, writes the message to the outbox, private to the server's user", async () => {
    const dir = path.join(await tempDir(), "nested", "outbox");
    const { id, mail } = compose();
    const { lines, log } = fakeLog();

    await expect(deliverContactMail(id, mail, { outboxDir: dir }, log)).resolves.toEqual({
      id,
      outcome: "outbox",
    });
    expect(lines).toEqual([`contact mail ${id}: outbox (no SMTP server configured)`]);
    expect(await filesIn(dir)).toEqual([`${id}.eml`, `${id}.json`]);
    expect((await fs.stat(dir)).mode & 0o777).toBe(0o700);
    expect((await fs.stat(path.join(dir, `${id}.eml`))).mode & 0o777).toBe(0o600);

    const raw = await fs.readFile(path.join(dir, `${id}.eml`), "latin1");
    expect(messageIdOf(raw)).toBe(`<${id}@studio.test>`);
    expect(headerValues(messageHeaders(raw), "To")).toEqual([INBOX]);
    expect(partBody(raw, "text/plain")).toContain("Mon numéro privé : 0612345678.");
    expect(JSON.parse(await fs.readFile(path.join(dir, `${id}.json`), "utf8"))).toEqual({
      envelope: { from: "site@studio.test", to: [INBOX] },
    });
  });

  it("throws when the message can be neither sent nor queued", async () => {
    const base = await tempDir();
    await fs.writeFile(path.join(base, "file"), "not a folder");
    const { id, mail } = compose();
    const { lines, log } = fakeLog();

    await expect(
      deliverContactMail(id, mail, { outboxDir: path.join(base, "file", "outbox") }, log),
    ).rejects.toThrow();
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^contact mail ${id}: neither sent \\(no SMTP .*\\) nor queued`)),
    ]);
  });

  it("(f) logs ids and outcomes, never the visitor's data", async () => {
    const sink = await startSink();
    const dir = await tempDir();
    const { lines, log } = fakeLog();

    const sent = compose();
    await deliverContactMail(sent.id, sent.mail, { smtpUrl: sink.url, outboxDir: dir }, log);
    sink.mode = "reject";
    const refused = compose();
    await deliverContactMail(refused.id, refused.mail, { smtpUrl: sink.url, outboxDir: dir }, log);
    const offline = compose();
    await deliverContactMail(offline.id, offline.mail, { outboxDir: dir }, log);
    const transport = smtpTransport(sink.url, 5_000);
    try {
      await flushOutbox(dir, transport, log); // still refusing: both kept
      sink.mode = "accept";
      await flushOutbox(dir, transport, log);
    } finally {
      transport.close();
    }

    expect(lines).toHaveLength(7);
    expect(lines[0]).toBe(`contact mail ${sent.id}: sent`);
    expect(lines[1]).toMatch(new RegExp(`^contact mail ${refused.id}: outbox \\(EMESSAGE 550 `));
    expect(lines[2]).toBe(`contact mail ${offline.id}: outbox (no SMTP server configured)`);
    expect(lines.slice(3, 5)).toEqual(
      expect.arrayContaining(
        [refused.id, offline.id].map((id) =>
          expect.stringMatching(new RegExp(`^outbox: ${id} kept: EMESSAGE 550 `)),
        ),
      ),
    );
    expect(lines.slice(5).sort()).toEqual(
      [`outbox: ${refused.id} sent`, `outbox: ${offline.id} sent`].sort(),
    );
    for (const line of lines) {
      for (const secret of PERSONAL) expect(line).not.toContain(secret);
    }
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

  it("refuses an id that is not a plain file name", async () => {
    const dir = await tempDir();
    for (const id of ["../escape", "a/b", ".hidden", ""]) {
      await expect(writeToOutbox(dir, id, compose().mail)).rejects.toThrow(TypeError);
    }
    expect(await filesIn(dir)).toEqual([]);
  });

  it("flushes nothing from a folder that does not exist", async () => {
    const sink = await startSink();
    const transport = smtpTransport(sink.url, 5_000);
    try {
      await expect(
        flushOutbox(path.join(await tempDir(), "none"), transport, fakeLog().log),
      ).resolves.toEqual({
        sent: 0,
        kept: 0,
      });
    } finally {
      transport.close();
    }
  });

  it("sends the oldest message first", async () => {
    const sink = await startSink();
    const dir = await tempDir();
    const queued = [compose(), compose(), compose()];
    for (const [index, { id, mail }] of queued.entries()) {
      await writeToOutbox(dir, id, mail);
      // Queued one minute apart, newest written first on disk order irrelevant.
      const time = new Date(Date.UTC(2026, 0, 1, 12, 10 - index));
      await fs.utimes(path.join(dir, `${id}.eml`), time, time);
    }
    const transport = smtpTransport(sink.url, 5_000);
    try {
      await expect(flushOutbox(dir, transport, fakeLog().log)).resolves.toEqual({ sent: 3, kept: 0 });
    } finally {
      transport.close();
    }
    expect(sink.received.map((received) => messageIdOf(received.raw))).toEqual(
      [...queued].reverse().map(({ id }) => `<${id}@studio.test>`),
    );
  });

  it("(e) keeps a refused message and unreadable files, and sends the rest", async () => {
    const sink = await startSink();
    sink.refuse.add("closed@studio.test");
    const dir = await tempDir();
    const refused = compose({}, "closed@studio.test");
    const good = compose();
    const badSidecar = compose();
    await writeToOutbox(dir, refused.id, refused.mail);
    await writeToOutbox(dir, good.id, good.mail);
    await writeToOutbox(dir, badSidecar.id, badSidecar.mail);
    await fs.writeFile(path.join(dir, `${badSidecar.id}.json`), "{ not json");
    await fs.writeFile(path.join(dir, "corrupt.eml"), Buffer.from([0, 1, 2, 0xff, 0x0a, 0x41]));
    const { lines, log } = fakeLog();

    const transport = smtpTransport(sink.url, 5_000);
    try {
      await expect(flushOutbox(dir, transport, log)).resolves.toEqual({ sent: 1, kept: 3 });
    } finally {
      transport.close();
    }

    expect(sink.received.map((received) => messageIdOf(received.raw))).toEqual([`<${good.id}@studio.test>`]);
    expect(await filesIn(dir)).toEqual(
      [
        "corrupt.eml",
        `${refused.id}.eml`,
        `${refused.id}.json`,
        `${badSidecar.id}.eml`,
        `${badSidecar.id}.json`,
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
  });

  it("keeps a message that some of its recipients refused", async () => {
    const sink = await startSink();
    sink.refuse.add("closed@studio.test");
    const dir = await tempDir();
    const { id, mail } = compose({}, `${INBOX}, closed@studio.test`);
    await writeToOutbox(dir, id, mail);
    const { lines, log } = fakeLog();

    const transport = smtpTransport(sink.url, 5_000);
    try {
      await expect(flushOutbox(dir, transport, log)).resolves.toEqual({ sent: 0, kept: 1 });
    } finally {
      transport.close();
    }
    expect(sink.received.map((received) => received.to)).toEqual([[INBOX]]);
    expect(lines).toEqual([`outbox: ${id} kept: 1 of 2 recipient(s) refused`]);
    expect(await filesIn(dir)).toEqual([`${id}.eml`, `${id}.json`]);
  });

  it("sends a .eml without its .json to the recipients of its own headers", async () => {
    const sink = await startSink();
    const dir = await tempDir();
    const { id, mail } = compose({}, "Le Studio <projects@studio.test>, press@studio.test");
    await writeToOutbox(dir, id, mail);
    await fs.rm(path.join(dir, `${id}.json`));

    const transport = smtpTransport(sink.url, 5_000);
    try {
      await expect(flushOutbox(dir, transport, fakeLog().log)).resolves.toEqual({ sent: 1, kept: 0 });
    } finally {
      transport.close();
    }
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0].from).toBe("site@studio.test");
    expect(sink.received[0].to).toEqual(["projects@studio.test", "press@studio.test"]);
    expect(messageIdOf(sink.received[0].raw)).toBe(`<${id}@studio.test>`);
    expect(await filesIn(dir)).toEqual([]);
  });
});

/* ---------------------------------------------------------------- npm run outbox:flush */

function runFlush(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const base = { ...process.env };
  delete base.SMTP_URL;
  delete base.CONTACT_OUTBOX_DIR;
  delete base.CONTACT_SMTP_TIMEOUT_MS;
  return new Promise((resolve) => {
    execFile(
      path.join(ROOT, "node_modules", ".bin", "tsx"),
      ["scripts/outbox-flush.ts"],
      { cwd: ROOT, env: { ...base, ...env }, timeout: 50_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe("outbox:flush (g)", () => {
  it("sends the queued message and exits 0", async () => {
    const sink = await startSink();
    const dir = await tempDir();
    const { id, mail } = compose();
    await writeToOutbox(dir, id, mail);

    const result = await runFlush({
      SMTP_URL: sink.url,
      CONTACT_OUTBOX_DIR: dir,
      CONTACT_SMTP_TIMEOUT_MS: "5000",
    });
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain("1 sent, 0 kept");
    expect(await filesIn(dir)).toEqual([]);
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0].to).toEqual([INBOX]);
    expect(messageIdOf(sink.received[0].raw)).toBe(`<${id}@studio.test>`);
  });

  it("exits 1 when a message is kept", async () => {
    const sink = await startSink();
    sink.mode = "reject";
    const dir = await tempDir();
    const { id, mail } = compose();
    await writeToOutbox(dir, id, mail);

    const result = await runFlush({ SMTP_URL: sink.url, CONTACT_OUTBOX_DIR: dir });
    expect(result).toMatchObject({ code: 1 });
    expect(result.stdout).toContain("0 sent, 1 kept");
    expect(await filesIn(dir)).toEqual([`${id}.eml`, `${id}.json`]);
  });

  it("two flushes at once deliver each message exactly once (each is claimed before it is sent)", async () => {
    const sink = await startSink();
    const dir = await tempDir();
    const ids: string[] = [];
    for (let index = 0; index < 40; index++) {
      const { id, mail } = compose();
      ids.push(id);
      await writeToOutbox(dir, id, mail);
    }
    const env = { SMTP_URL: sink.url, CONTACT_OUTBOX_DIR: dir, CONTACT_SMTP_TIMEOUT_MS: "5000" };
    const [first, second] = await Promise.all([runFlush(env), runFlush(env)]);
    expect([first.code, second.code]).toEqual([0, 0]);
    const delivered = sink.received.map((mail) => messageIdOf(mail.raw));
    expect(delivered.slice().sort()).toEqual(ids.map((id) => `<${id}@studio.test>`).sort());
    expect(await filesIn(dir)).toEqual([]);
  });

  it("a message a dead flush had claimed is never sent again, and the next flush says so", async () => {
    const sink = await startSink();
    const dir = await tempDir();
    const { id, mail } = compose();
    await writeToOutbox(dir, id, mail);
    // What a flush killed between the server's acceptance and the deletion leaves behind.
    await fs.rename(path.join(dir, `${id}.eml`), path.join(dir, `.${id}.eml.sending-4242-deadbeef`));

    const result = await runFlush({ SMTP_URL: sink.url, CONTACT_OUTBOX_DIR: dir });
    expect(sink.received).toHaveLength(0);
    expect(result.stdout).toContain(`claimed by a flush that did not finish, not re-sent`);
    expect(result.stdout).toContain(id);
  });

  it("exits 1 with a clear message without SMTP_URL, touching nothing", async () => {
    const dir = await tempDir();
    const { id, mail } = compose();
    await writeToOutbox(dir, id, mail);

    const result = await runFlush({ CONTACT_OUTBOX_DIR: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("outbox:flush needs SMTP_URL");
    expect(await filesIn(dir)).toEqual([`${id}.eml`, `${id}.json`]);
  });
});
