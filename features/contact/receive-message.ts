import { createHash } from "node:crypto";

import type { Content } from "@prismicio/client";
import type { Logger as SiteLogger } from "pino";

import type { Translations } from "@/lib/i18n/default-translations";
import type { Lang } from "@/lib/i18n/locales";
import { clientAddress } from "@/lib/net/client-address";

import * as abuse from "./abuse";
import { clientKey } from "@/lib/rate-limit/client-key";
import { composeContactMail } from "./compose";
import { contactConfig } from "./config";
import { deliverContactMail, repeatOutcome } from "./deliver";
import { formValues } from "./fields";
import type { ContactFormState } from "./form-state";
import { recipientFor } from "./recipients";
import { validateContact, type ContactFields } from "./schema";
import { siteRateLimiter, type RateLimiter } from "@/lib/rate-limit/shared-rate-limit";
import { isSubmissionKey, SUBMISSION_KEY_FIELD } from "./submission-key";

/** What a message needs from outside the feature, as the route hands it over. */
export interface ReceivedRequest {
  /** The request's X-Forwarded-For, read against TRUST_PROXY for the rate limit. */
  forwardedFor: string | null;
  /** The request's logger (with its request id). */
  log: SiteLogger;
  /** The contact page, the settings and the UI text in the form's language: recipients and labels. */
  readContent(lang: Lang): Promise<{
    page: Content.ContactPageDocument | null;
    settings: Content.SettingsDocument | null;
    t: Translations;
    siteName: string;
  }>;
}

/**
 * The message's id: the browser's key for this submission bound to what it says, or, from a
 * browser without JavaScript (which cannot make one on a page served to everyone alike), a digest
 * of what was sent and when the form was served, so that the same post sent twice is still one
 * message. The key alone would merge two messages that carry one key with different words (a
 * duplicated tab copies the draft and its key; a visitor edits the text after a lost answer): each
 * is then a message of its own, and only a true repeat is recognised as one.
 */
export function messageId(
  form: FormData,
  lang: Lang,
  data: ContactFields,
  started: string | undefined,
): string {
  const key = form.get(SUBMISSION_KEY_FIELD);
  const { name, email, company = "", purpose, message } = data;
  const words = [name, email, company, purpose, message];
  // Not the language: the draft and its key are the same on both languages' pages, and a retry
  // from the other one is the same message.
  if (isSubmissionKey(key)) return `k-${key}-${digest(words).slice(0, 22)}`;
  return `d-${digest([lang, ...words, started ?? ""])}`;
}

function digest(values: string[]): string {
  return createHash("sha256").update(JSON.stringify(values)).digest("base64url");
}

/**
 * The contact form's server side: the same schema as the browser, the abuse checks (honeypot,
 * minimum fill time, rate limit), then delivery (written to the outbox, then sent over SMTP when it
 * is set). A submission already accepted is answered as it stands, without counting against the
 * rate limit. What was typed always comes back when the message was not accepted.
 * One limiter per receiver: the route keeps one per server instance (see the README for several
 * instances).
 */
export function createMessageReceiver(
  limiter: RateLimiter = siteRateLimiter("contact", abuse.rateLimitConfig()),
) {
  return async function receiveMessage(
    lang: Lang,
    form: FormData,
    request: ReceivedRequest,
  ): Promise<ContactFormState> {
    const { log } = request;
    const values = formValues(form);
    const kept = { ...values, website: "" };
    if (abuse.isHoneypotFilled(values.website)) {
      log.warn("contact: refused, honeypot filled");
      return { status: "refused", values: kept, reason: "rejected" };
    }
    const now = Date.now();
    if (abuse.isTooFast(values.started, now, abuse.minFillMs())) {
      log.warn("contact: refused, sent too fast");
      return { status: "refused", values: kept, reason: "too_fast" };
    }
    const checked = validateContact(values);
    if (!checked.ok) return { status: "invalid", values: kept, errors: checked.errors };

    const config = contactConfig();
    const id = messageId(form, lang, checked.data, values.started);
    const known = await repeatOutcome(id, config);
    if (known) {
      log.info(`contact: message ${id} already accepted, answered as the first time`);
      return { status: "sent", id, queued: known === "outbox" };
    }

    const client = clientKey(clientAddress(request.forwardedFor));
    if (!(await limiter.take(client, now))) {
      log.warn("contact: refused, rate limit reached");
      return { status: "refused", values: kept, reason: "rate_limit" };
    }

    const { page, settings, t, siteName } = await request.readContent(lang);
    const to = recipientFor(checked.data.purpose, page, settings);
    if (!to) {
      log.error("contact: no recipient address in the contact page or settings");
      return { status: "refused", values: kept, reason: "delivery" };
    }
    const { mail } = composeContactMail(
      { ...checked.data, lang },
      { id, to, from: config.from, purposeLabel: t[`contact.purpose_${checked.data.purpose}`], siteName },
    );
    try {
      const { outcome } = await deliverContactMail(id, mail, config, log);
      return { status: "sent", id, queued: outcome === "outbox" };
    } catch (error) {
      log.error({ err: error }, `contact: message ${id} could not be queued`);
      return { status: "refused", values: kept, reason: "delivery" };
    }
  };
}
