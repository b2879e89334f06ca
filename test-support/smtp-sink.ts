/**
 * A real SMTP server (smtp-server) on 127.0.0.1 for the contact delivery tests, with the ways a
 * server fails: refusing (451, 550), never answering the final dot, dropping the connection in the
 * middle of the message or after the final dot without a reply, and answering the final dot late
 * (RFC 5321 gives a server 10 minutes there). A message counts as received once the server
 * commits to it, at its 250: `received[].ackedAt`. A server that takes its time may commit whether
 * or not the client still waits (as one that queues the message before it answers does), or drop
 * what a client that left has abandoned.
 */
import type { AddressInfo, Socket } from "node:net";

import { SMTPServer, type SMTPServerError } from "smtp-server";

import { headerValues, messageHeaders } from "./raw-mail";

export type SinkMode =
  /** 250 at once. */
  | "accept"
  /** 451 after the message (try again later). */
  | "reject451"
  /** 550 after the message (refused by policy). */
  | "reject550"
  /** The message is read, no reply ever comes (the client's timeout ends it). */
  | "hang"
  /** The connection is cut as the message starts to arrive. */
  | "dropMidData"
  /** The whole message is read, then the connection is cut without a reply. */
  | "dropAfterDot"
  /** Commits and answers 250 after `slowReplyMs`, even when the client has left meanwhile. */
  | "slow"
  /** 250 after `slowReplyMs` if the client is still there; a message it left is dropped. */
  | "slowUnlessGone";

export interface SinkMessage {
  from: string | false;
  to: string[];
  raw: string;
  /** The Message-ID header, e.g. `<id@studio.test>`. */
  messageId: string | undefined;
  /** Date.now() when the whole message had arrived (its final dot). */
  receivedAt: number;
  /** Date.now() when the server committed to it and wrote its 250. */
  ackedAt: number;
  /** Whether the connection was still open for the 250 (else the client cannot have read it). */
  answered: boolean;
}

export interface Sink {
  url: string;
  port: number;
  /** Applies to each message as its DATA begins; a message keeps the mode it started with. */
  mode: SinkMode;
  slowReplyMs: number;
  /** Recipients refused at RCPT TO with 550. */
  refuse: Set<string>;
  /** Messages acknowledged with 250, in order. */
  received: SinkMessage[];
  /** Messages whose DATA began, whatever came of them. */
  transactions: number;
  /** Messages read whole and not answered yet (hang, slow). */
  waiting: number;
  /** Resolves once `count` messages are waiting for their reply. */
  untilWaiting(count?: number, timeoutMs?: number): Promise<void>;
  /** Resolves once `count` messages were acknowledged. */
  untilReceived(count: number, timeoutMs?: number): Promise<void>;
  /** How many times each Message-ID was acknowledged. */
  counts(): Map<string, number>;
  close(): Promise<void>;
}

function smtpError(message: string, responseCode: number): SMTPServerError {
  return Object.assign(new Error(message), { responseCode });
}

async function until(test: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`smtp sink: timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export async function startSink(): Promise<Sink> {
  const sockets = new Map<number, Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    // The greeting at once: a reverse lookup of 127.0.0.1 can take longer than a short greeting timeout.
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 200,
    onRcptTo(address, _session, callback) {
      if (sink.refuse.has(address.address)) callback(smtpError("Mailbox unavailable", 550));
      else callback();
    },
    onData(stream, session, callback) {
      const mode = sink.mode;
      sink.transactions += 1;
      const socket = sockets.get(session.remotePort);
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        if (mode === "dropMidData") socket?.destroy();
      });
      let receivedAt = 0;
      const acknowledge = () => {
        const answered = socket !== undefined && !socket.destroyed && socket.writable;
        if (!answered && mode !== "slow") return;
        const { mailFrom, rcptTo } = session.envelope;
        const raw = Buffer.concat(chunks).toString("latin1");
        sink.received.push({
          from: mailFrom ? mailFrom.address : false,
          to: rcptTo.map((recipient) => recipient.address),
          raw,
          messageId: headerValues(messageHeaders(raw), "Message-ID")[0],
          receivedAt,
          ackedAt: Date.now(),
          answered,
        });
        if (answered) callback();
      };
      stream.on("end", () => {
        receivedAt = Date.now();
        switch (mode) {
          case "accept":
            return acknowledge();
          case "reject451":
            return callback(smtpError("Try again later", 451));
          case "reject550":
            return callback(smtpError("Message refused by policy", 550));
          case "dropMidData":
          case "dropAfterDot":
            return socket?.destroy();
          case "hang":
          case "slow":
          case "slowUnlessGone": {
            sink.waiting += 1;
            let waiting = true;
            const done = () => {
              if (waiting) sink.waiting -= 1;
              waiting = false;
            };
            const timer =
              mode === "hang"
                ? undefined
                : setTimeout(() => {
                    timers.delete(timer as NodeJS.Timeout);
                    done();
                    acknowledge();
                  }, sink.slowReplyMs);
            if (timer) timers.add(timer);
            // A hang lasts as long as the connection, and so does the wait of a server that drops
            // what its client abandoned; one that commits regardless answers at its time.
            if (mode !== "slow") {
              socket?.once("close", () => {
                done();
                clearTimeout(timer);
                if (timer) timers.delete(timer);
              });
            }
          }
        }
      });
    },
  });
  server.server.on("connection", (socket: Socket) => {
    const port = socket.remotePort;
    if (port === undefined) return;
    sockets.set(port, socket);
    socket.once("close", () => sockets.delete(port));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  // A client that goes away mid-message is not the sink's failure.
  server.on("error", () => undefined);
  const { port } = server.server.address() as AddressInfo;
  let closed: Promise<void> | undefined;
  const sink: Sink = {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mode: "accept",
    slowReplyMs: 1_000,
    refuse: new Set(),
    received: [],
    transactions: 0,
    waiting: 0,
    untilWaiting: (count = 1, timeoutMs = 20_000) =>
      until(() => sink.waiting >= count, timeoutMs, `${count} message(s) waiting for a reply`),
    untilReceived: (count, timeoutMs = 20_000) =>
      until(() => sink.received.length >= count, timeoutMs, `${count} message(s) received`),
    counts() {
      const counts = new Map<string, number>();
      for (const { messageId } of sink.received) {
        if (messageId) counts.set(messageId, (counts.get(messageId) ?? 0) + 1);
      }
      return counts;
    },
    close: () =>
      (closed ??= new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        for (const socket of sockets.values()) socket.destroy();
        server.close(() => resolve());
      })),
  };
  return sink;
}
