/**
 * npm run outbox:flush — re-sends the contact form messages queued in the outbox.
 * SMTP_URL (required), CONTACT_OUTBOX_DIR (default .outbox), CONTACT_SMTP_TIMEOUT_MS and
 * CONTACT_SMTP_REPLY_TIMEOUT_MS, read and checked by lib/env/env.ts like the site's. Lines go through the
 * site's logger. Ctrl-C or SIGTERM stops it once the message being sent is done; a second one
 * abandons that send too, and its message goes back to the queue. Exit code 0 when every message
 * was delivered; 1 when messages were kept or are still being sent by another process (or on an
 * error); 130/143 when interrupted.
 */
import { handOverMs, smtpTransport } from "./deliver";
import { flushOutbox, outboxDir } from "./outbox";
import { getEnvOrExit } from "@/lib/env/env";
import { logger } from "@/lib/log/logger.mjs";
import { isDeliberateRepeat } from "@/lib/process/signals.mjs";

const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 } as const;

async function main() {
  const env = getEnvOrExit();
  if (!env.SMTP_URL) {
    logger.error(
      "outbox:flush needs SMTP_URL (e.g. smtp://user:password@mail.example.com:587) to send the outbox",
    );
    process.exit(1);
  }
  const dir = outboxDir(env);
  // The first signal stops the flush after the message being sent (which may already be the
  // server's: abandoning it could deliver it twice); a second one abandons that send too, and its
  // message stays queued.
  const stop = new AbortController();
  const abortSend = new AbortController();
  let interrupted: keyof typeof SIGNAL_EXIT | undefined;
  let interruptedAt = 0;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (interrupted) {
        // One Ctrl-C may arrive twice (npm relays it): only a later one abandons the send.
        if (!isDeliberateRepeat(interruptedAt, Date.now())) return;
        logger.warn(`outbox:flush: ${signal} again, abandoning the send under way; its message stays queued`);
        abortSend.abort();
        return;
      }
      interrupted = signal;
      interruptedAt = Date.now();
      logger.warn(
        `outbox:flush: ${signal}, stopping after the message being sent (${signal} again to abandon it; it then stays queued)`,
      );
      stop.abort();
    });
  }
  const transport = smtpTransport(
    env.SMTP_URL,
    env.CONTACT_SMTP_TIMEOUT_MS,
    env.CONTACT_SMTP_REPLY_TIMEOUT_MS,
  );
  try {
    const { sent, kept, busy } = await flushOutbox(dir, transport, logger, {
      handOverMs: handOverMs(env.CONTACT_SMTP_TIMEOUT_MS),
      signal: stop.signal,
      abortSend: abortSend.signal,
    });
    logger.info(`${sent} sent, ${kept} kept, ${busy} being sent elsewhere (${dir})`);
    process.exitCode = interrupted ? SIGNAL_EXIT[interrupted] : kept === 0 && busy === 0 ? 0 : 1;
  } finally {
    transport.close();
  }
}

main().catch((error: unknown) => {
  logger.error(`outbox:flush failed: ${(error as Error).message}`);
  process.exit(1);
});
