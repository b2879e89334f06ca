/** The contact form's delivery settings, from the environment (see the README). */
import { siteUrl } from "@/lib/site-url";

import { DEFAULT_SMTP_TIMEOUT_MS } from "./deliver";
import { outboxDir } from "./outbox";

export interface ContactConfig {
  /** SMTP server (smtp://user:pass@host:587, smtps://…); unset: messages go to the outbox. */
  smtpUrl?: string;
  /** The site's sending address (From). */
  from: string;
  outboxDir: string;
  timeoutMs: number;
}

export function contactConfig(env: NodeJS.ProcessEnv = process.env): ContactConfig {
  const timeout = Number(env.CONTACT_SMTP_TIMEOUT_MS);
  return {
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    from: env.CONTACT_FROM?.trim() || `no-reply@${new URL(siteUrl()).hostname}`,
    outboxDir: outboxDir(env),
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_SMTP_TIMEOUT_MS,
  };
}
