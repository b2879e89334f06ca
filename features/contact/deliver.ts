/**
 * Delivery of a composed contact mail: over SMTP when SMTP_URL is set, else (or when sending fails)
 * into the outbox, so a message is never lost. Logs carry the message id and outcome only.
 */
import {
  createTransport,
  type SendMailOptions,
  type SMTPSentMessageInfo,
  type Transporter,
} from "nodemailer";

import { logger } from "@/lib/logger.mjs";

import { siteMetrics } from "@/lib/metrics/site-metrics.mjs";

import { describeError, writeToOutbox, type Logger } from "./outbox";

export const DEFAULT_SMTP_TIMEOUT_MS = 10_000;

export interface DeliveryConfig {
  /** e.g. smtp://user:pass@mail.example.com:587 or smtps://…:465; none: straight to the outbox. */
  smtpUrl?: string;
  outboxDir: string;
  /** Per network step (connect, greeting, each reply); the whole send is abandoned after twice this. */
  timeoutMs?: number;
}

/**
 * An SMTP transporter with bounded waits. The timeouts go in the options object beside `url`:
 * createTransport's second argument holds message defaults, where they would be ignored.
 */
export function smtpTransport(
  smtpUrl: string,
  timeoutMs: number = DEFAULT_SMTP_TIMEOUT_MS,
): Transporter<SMTPSentMessageInfo> {
  return createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
  });
}

/** Sends over SMTP; the reason it did not, or null when every recipient was accepted. */
async function trySmtp(smtpUrl: string, mail: SendMailOptions, timeoutMs: number): Promise<string | null> {
  const transport = smtpTransport(smtpUrl, timeoutMs);
  try {
    const info = await transport.sendMail({
      ...mail,
      signal: mail.signal ?? AbortSignal.timeout(2 * timeoutMs),
    });
    const rejected = info.rejected ?? [];
    return rejected.length === 0 ? null : `${rejected.length} recipient(s) refused`;
  } catch (error) {
    return describeError(error);
  } finally {
    transport.close();
  }
}

/**
 * Sends the mail, or queues it in the outbox when there is no SMTP server or it fails or times out.
 * Throws only when the message could be neither sent nor queued.
 */
export async function deliverContactMail(
  id: string,
  mail: SendMailOptions,
  config: DeliveryConfig,
  log: Logger = logger,
): Promise<{ id: string; outcome: "sent" | "outbox" }> {
  const failure = config.smtpUrl
    ? await trySmtp(config.smtpUrl, mail, config.timeoutMs ?? DEFAULT_SMTP_TIMEOUT_MS)
    : "no SMTP server configured";
  const { contactMessages } = siteMetrics();
  if (failure === null) {
    log.info(`contact mail ${id}: sent`);
    contactMessages.inc({ outcome: "sent" });
    return { id, outcome: "sent" };
  }
  try {
    await writeToOutbox(config.outboxDir, id, mail);
  } catch (error) {
    log.error(`contact mail ${id}: neither sent (${failure}) nor queued (${describeError(error)})`);
    contactMessages.inc({ outcome: "lost" });
    throw error;
  }
  contactMessages.inc({ outcome: "queued" });
  if (config.smtpUrl) log.warn(`contact mail ${id}: outbox (${failure})`);
  else log.info(`contact mail ${id}: outbox (${failure})`);
  return { id, outcome: "outbox" };
}
