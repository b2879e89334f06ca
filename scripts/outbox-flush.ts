/**
 * npm run outbox:flush — re-sends the contact form messages queued in the outbox.
 * SMTP_URL (required), CONTACT_OUTBOX_DIR (default .outbox), CONTACT_SMTP_TIMEOUT_MS (default 10000),
 * read and checked by lib/env.ts like the site's. Lines go through the site's logger.
 * Exit code 0 when the outbox is empty afterwards, 1 when messages were kept (or on an error).
 */
import { smtpTransport } from "../features/contact/deliver";
import { flushOutbox, outboxDir } from "../features/contact/outbox";
import { getEnvOrExit } from "../lib/env";
import { logger } from "../lib/logger.mjs";

async function main() {
  const env = getEnvOrExit();
  if (!env.SMTP_URL) {
    logger.error(
      "outbox:flush needs SMTP_URL (e.g. smtp://user:password@mail.example.com:587) to send the outbox",
    );
    process.exit(1);
  }
  const dir = outboxDir(env);
  const transport = smtpTransport(env.SMTP_URL, env.CONTACT_SMTP_TIMEOUT_MS);
  try {
    const { sent, kept } = await flushOutbox(dir, transport);
    logger.info(`${sent} sent, ${kept} kept (${dir})`);
    process.exitCode = kept === 0 ? 0 : 1;
  } finally {
    transport.close();
  }
}

main().catch((error: unknown) => {
  logger.error(`outbox:flush failed: ${(error as Error).message}`);
  process.exit(1);
});
