/**
 * Delivery of a composed contact mail. The message is written to the outbox first (synced), so a
 * crash at any instant leaves it delivered or queued; then, when SMTP_URL is set, it is sent at once
 * under a lease. The visitor waits for the send at most twice CONTACT_SMTP_TIMEOUT_MS and is told
 * "sent" or "queued" as it stands; a send still under way goes on (a server may take minutes to
 * accept what it received) and a failed one stays queued for the next flush. Logs carry the message
 * id and outcome only.
 */
import type { SendMailOptions } from "nodemailer";

import { siteMetrics } from "@/lib/metrics/site-metrics.mjs";

import { describeError, sendQueuedMessage, submissionState, writeToOutbox, type Logger } from "./outbox";
import { trackSend } from "./sends-in-flight";
import {
  DEFAULT_SMTP_REPLY_TIMEOUT_MS,
  DEFAULT_SMTP_TIMEOUT_MS,
  handOverMs,
  smtpTransport,
} from "./smtp-transport";

export { DEFAULT_SMTP_REPLY_TIMEOUT_MS, DEFAULT_SMTP_TIMEOUT_MS, handOverMs, smtpTransport };

export interface DeliveryConfig {
  /** e.g. smtp://user:pass@mail.example.com:587 or smtps://…:465; none: the message stays queued. */
  smtpUrl?: string;
  outboxDir: string;
  /** Connecting and the greeting; the visitor waits at most twice this for the send. */
  timeoutMs?: number;
  /** Any one reply of the server, the last one after the message included. */
  replyTimeoutMs?: number;
}

/**
 * How long a send may go on at the most, for a server that stops and waits for it: the hand-over,
 * then the server's answer to the whole message (the reply timeout), and a margin.
 */
export function sendBoundMs(config: Pick<DeliveryConfig, "timeoutMs" | "replyTimeoutMs">): number {
  return handOverMs(config.timeoutMs) + (config.replyTimeoutMs ?? DEFAULT_SMTP_REPLY_TIMEOUT_MS) + 30_000;
}

export type DeliveryOutcome = "sent" | "outbox";

/** The queued message sent now, as every sender sends it (outbox.ts's sendQueuedMessage). */
async function sendNow(
  id: string,
  config: DeliveryConfig & { smtpUrl: string },
  log: Logger,
): Promise<DeliveryOutcome> {
  const transport = smtpTransport(config.smtpUrl, config.timeoutMs, config.replyTimeoutMs);
  try {
    const sent = await sendQueuedMessage(config.outboxDir, id, transport, log, {
      handOverMs: handOverMs(config.timeoutMs),
    });
    if (sent.outcome === "kept") log.warn(`contact mail ${id}: queued (${sent.reason})`);
    // Busy: a flush took it first, and sends it.
    return sent.outcome === "sent" || sent.outcome === "delivered" ? "sent" : "outbox";
  } finally {
    transport.close();
  }
}

const visitorWaitMs = (config: DeliveryConfig) => 2 * (config.timeoutMs ?? DEFAULT_SMTP_TIMEOUT_MS);

/**
 * The answer to a submission already accepted (a second click that got past the form, a retry, a
 * post sent again): as the first one's, which is waited for while it is being sent (as long as a
 * visitor waits for a send); null when the submission is not known.
 */
export async function repeatOutcome(id: string, config: DeliveryConfig): Promise<DeliveryOutcome | null> {
  const deadline = Date.now() + visitorWaitMs(config);
  for (;;) {
    const state = await submissionState(config.outboxDir, id);
    if (state === null) return null;
    if (state === "sent") return "sent";
    if (state === "queued" || Date.now() >= deadline) return "outbox";
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Accepts the message under `id` (its submission's idempotency key) and tries to send it. A repeat
 * of an accepted submission is answered as the first one stands now, and nothing is written or sent.
 * Throws only when the message could not be written (the visitor keeps the text and may try again).
 */
export async function deliverContactMail(
  id: string,
  mail: SendMailOptions,
  config: DeliveryConfig,
  log: Logger,
): Promise<{ id: string; outcome: DeliveryOutcome; repeat: boolean }> {
  const { contactMessages } = siteMetrics();
  let accepted;
  try {
    accepted = await writeToOutbox(config.outboxDir, id, mail);
  } catch (error) {
    log.error(`contact mail ${id}: not queued (${describeError(error)})`);
    contactMessages.inc({ outcome: "lost" });
    throw error;
  }
  if (!accepted.first) {
    log.info(`contact mail ${id}: repeat of an accepted submission`);
    const outcome = accepted.delivered ? "sent" : ((await repeatOutcome(id, config)) ?? "outbox");
    return { id, outcome, repeat: true };
  }
  if (!config.smtpUrl) {
    contactMessages.inc({ outcome: "queued" });
    log.info(`contact mail ${id}: outbox (no SMTP server configured)`);
    return { id, outcome: "outbox", repeat: false };
  }
  // Tracked: a server stopping waits for it (./sends-in-flight.ts), as cutting it off after the
  // server had the message could deliver it twice.
  const sending = trackSend(sendNow(id, { ...config, smtpUrl: config.smtpUrl }, log)).catch(
    (error: unknown): DeliveryOutcome => {
      // The message is on disk; whatever failed here, the next flush sends it.
      log.warn(`contact mail ${id}: queued (${describeError(error)})`);
      return "outbox";
    },
  );
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    sending,
    new Promise<"pending">(
      (resolve) => (timer = setTimeout(() => resolve("pending"), visitorWaitMs(config))),
    ),
  ]);
  clearTimeout(timer);
  if (outcome === "pending") {
    log.warn(`contact mail ${id}: queued, the server has not answered yet (still sending)`);
    void sending.then((late) => log.info(`contact mail ${id}: ${late === "sent" ? "sent" : "still queued"}`));
  } else if (outcome === "sent") log.info(`contact mail ${id}: sent`);
  const answered = outcome === "sent" ? "sent" : "outbox";
  contactMessages.inc({ outcome: answered === "sent" ? "sent" : "queued" });
  return { id, outcome: answered, repeat: false };
}
