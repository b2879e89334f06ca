/** The contact form's delivery settings, from the environment (see the README). */
import { getEnv, type Env } from "@/lib/env/env";
import { siteUrl } from "@/lib/seo/site-url";

import { outboxDir } from "./outbox";

export interface ContactConfig {
  /** SMTP server (smtp://user:pass@host:587, smtps://…); unset: messages go to the outbox. */
  smtpUrl?: string;
  /** The site's sending address (From). */
  from: string;
  outboxDir: string;
  timeoutMs: number;
  replyTimeoutMs: number;
}

export function contactConfig(env: Env = getEnv()): ContactConfig {
  return {
    smtpUrl: env.SMTP_URL,
    from: env.CONTACT_FROM ?? `no-reply@${new URL(siteUrl(env)).hostname}`,
    outboxDir: outboxDir(env),
    timeoutMs: env.CONTACT_SMTP_TIMEOUT_MS,
    replyTimeoutMs: env.CONTACT_SMTP_REPLY_TIMEOUT_MS,
  };
}
