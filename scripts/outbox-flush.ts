/**
 * npm run outbox:flush — re-sends the contact form messages queued in the outbox.
 * SMTP_URL (required), CONTACT_OUTBOX_DIR (default .outbox), CONTACT_SMTP_TIMEOUT_MS (default 10000).
 * Exit code 0 when the outbox is empty afterwards, 1 when messages were kept (or on an error).
 */
import { DEFAULT_SMTP_TIMEOUT_MS, smtpTransport } from "../features/contact/deliver";
import { flushOutbox, outboxDir } from "../features/contact/outbox";

function timeoutFromEnv(): number {
  const raw = process.env.CONTACT_SMTP_TIMEOUT_MS;
  if (!raw) return DEFAULT_SMTP_TIMEOUT_MS;
  const timeout = Number(raw);
  if (!Number.isInteger(timeout) || timeout <= 0) {
    console.error(`CONTACT_SMTP_TIMEOUT_MS must be a positive number of milliseconds, got "${raw}"`);
    process.exit(1);
  }
  return timeout;
}

async function main() {
  const smtpUrl = process.env.SMTP_URL;
  if (!smtpUrl) {
    console.error(
      "outbox:flush needs SMTP_URL (e.g. smtp://user:password@mail.example.com:587) to send the outbox",
    );
    process.exit(1);
  }
  const dir = outboxDir();
  const transport = smtpTransport(smtpUrl, timeoutFromEnv());
  try {
    const { sent, kept } = await flushOutbox(dir, transport);
    console.log(`${sent} sent, ${kept} kept (${dir})`);
    process.exitCode = kept === 0 ? 0 : 1;
  } finally {
    transport.close();
  }
}

main().catch((error: unknown) => {
  console.error(`outbox:flush failed: ${(error as Error).message}`);
  process.exit(1);
});
