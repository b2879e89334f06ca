import type { Content } from "@prismicio/client";
import type { Logger as SiteLogger } from "pino";

import type { Translations } from "@/lib/i18n/default-translations";
import type { Lang } from "@/lib/i18n/locales";
import { clientAddress } from "@/lib/net/client-address";

import * as abuse from "./abuse";
import { clientKey } from "./client-key";
import { composeContactMail } from "./compose";
import { contactConfig } from "./config";
import { deliverContactMail } from "./deliver";
import { formValues } from "./fields";
import type { ContactFormState } from "./form-state";
import { recipientFor } from "./recipients";
import { validateContact } from "./schema";
import { siteRateLimiter, type RateLimiter } from "./shared-rate-limit";

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
 * The contact form's server side: the same schema as the browser, the abuse
 * checks (honeypot, minimum fill time, rate limit), then delivery (SMTP, or the
 * outbox when SMTP is unset or fails). What was typed always comes back.
 * One limiter per receiver: the route keeps one per server instance (see the
 * README for several instances).
 */
export function createMessageReceiver(limiter: RateLimiter = siteRateLimiter()) {
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

    const client = clientKey(clientAddress(request.forwardedFor));
    if (!(await limiter.take(client, now))) {
      log.warn("contact: refused, rate limit reached");
      return { status: "refused", values: kept, reason: "rate_limit" };
    }

    const { page, settings, t, siteName } = await request.readContent(lang);
    const config = contactConfig();
    const to = recipientFor(checked.data.purpose, page, settings);
    if (!to) {
      log.error("contact: no recipient address in the contact page or settings");
      return { status: "refused", values: kept, reason: "delivery" };
    }
    const { id, mail } = composeContactMail(
      { ...checked.data, lang },
      { to, from: config.from, purposeLabel: t[`contact.purpose_${checked.data.purpose}`], siteName },
    );
    try {
      await deliverContactMail(id, mail, config, log);
      return { status: "sent", id };
    } catch (error) {
      log.error({ err: error }, `contact: message ${id} could not be delivered nor kept`);
      return { status: "refused", values: kept, reason: "delivery" };
    }
  };
}
