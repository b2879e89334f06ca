/**
 * A real SMTP server (smtp-server) on 127.0.0.1 for the browser suites, as a mailbox the tests read:
 * it can accept, answer its final reply late (as a server that scans content does), hang, or refuse.
 */
import type { AddressInfo } from "node:net";

import { SMTPServer } from "smtp-server";

export interface SmtpSink {
  url: string;
  /** accept: 250 at once; slow: 250 after `delayMs`; hang: no answer to the message; refuse: 451. */
  mode: "accept" | "slow" | "hang" | "refuse";
  delayMs: number;
  /** Every message acknowledged with 250, in order. */
  received: { messageId: string; raw: string }[];
  /** How many acknowledged messages carry each Message-ID. */
  countsById(): Map<string, number>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 200,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const { mode, delayMs } = sink;
        if (mode === "hang") return;
        if (mode === "refuse")
          return callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
        const raw = Buffer.concat(chunks).toString("latin1");
        const accept = () => {
          const messageId = /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? "";
          sink.received.push({ messageId, raw });
          callback();
        };
        if (mode === "slow") setTimeout(accept, delayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  let closed: Promise<void> | undefined;
  const sink: SmtpSink = {
    url: `smtp://127.0.0.1:${port}`,
    mode: "accept",
    delayMs: 0,
    received: [],
    countsById() {
      const counts = new Map<string, number>();
      for (const { messageId } of sink.received) counts.set(messageId, (counts.get(messageId) ?? 0) + 1);
      return counts;
    },
    close: () => (closed ??= new Promise<void>((resolve) => server.close(() => resolve()))),
  };
  return sink;
}
