/**
 * The SMTP transport every sender uses, with bounded waits, and the one moment a send cannot be
 * abandoned after: when the whole message, its final dot included, has gone to the server. Until
 * then the server has nothing it could accept; after it, giving up could deliver the message twice
 * (it would stay queued while the server keeps it), so only the server's answer is waited for.
 * nodemailer reports that moment to the transport's logger (a bunyan-style object, its documented
 * `logger` option) as the entry of its `message` transaction, once the message stream has ended;
 * that report is all this module reads of it.
 */
import { createTransport, type SMTPSentMessageInfo, type Transporter } from "nodemailer";

export const DEFAULT_SMTP_TIMEOUT_MS = 10_000;
/**
 * How long the server may take to answer once it has the whole message: RFC 5321 (4.5.3.2.6) gives
 * it 10 minutes, which content scanning uses. Giving up earlier and sending again would double it.
 */
export const DEFAULT_SMTP_REPLY_TIMEOUT_MS = 600_000;

/**
 * How long a send may take until the whole message is the server's: connecting and the greeting,
 * then two minutes for the commands and the message (a server answers them in milliseconds). Past
 * it the send is abandoned, which is safe then: without the final dot the server has nothing.
 */
export function handOverMs(timeoutMs: number = DEFAULT_SMTP_TIMEOUT_MS): number {
  return 2 * timeoutMs + 120_000;
}

type Listener = () => void;
const handOverListeners = new WeakMap<object, Set<Listener>>();

/**
 * An SMTP transporter with bounded waits. The timeouts go in the options object beside `url`:
 * createTransport's second argument holds message defaults, where they would be ignored.
 */
export function smtpTransport(
  smtpUrl: string,
  timeoutMs: number = DEFAULT_SMTP_TIMEOUT_MS,
  replyTimeoutMs: number = DEFAULT_SMTP_REPLY_TIMEOUT_MS,
): Transporter<SMTPSentMessageInfo> {
  const listeners = new Set<Listener>();
  const quiet = () => undefined;
  const logger = {
    trace: quiet,
    debug: quiet,
    warn: quiet,
    error: quiet,
    fatal: quiet,
    info: (entry: unknown) => {
      if ((entry as { tnx?: unknown } | null)?.tnx === "message")
        for (const listener of listeners) listener();
    },
  };
  const transport = createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: replyTimeoutMs,
    dnsTimeout: timeoutMs,
    logger,
  });
  handOverListeners.set(transport, listeners);
  return transport;
}

/**
 * Calls `listener` once the message being sent on `transport` has been handed over whole; returns
 * how to stop listening. False for a transport this module did not make (it cannot tell).
 */
export function onHandOver(transport: object, listener: Listener): (() => void) | false {
  const listeners = handOverListeners.get(transport);
  if (!listeners) return false;
  listeners.add(listener);
  return () => listeners.delete(listener);
}
