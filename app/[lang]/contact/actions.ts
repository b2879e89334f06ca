"use server";

import { headers } from "next/headers";

import {
  clientAddress,
  composeContactMail,
  contactConfig,
  type ContactFormState,
  createRateLimiter,
  deliverContactMail,
  formValues,
  isHoneypotFilled,
  isTooFast,
  minFillMs,
  rateLimitConfig,
  recipientFor,
  trustedProxies,
  validateContact,
} from "@/features/contact";
import { getPage, getSettings, getTranslations } from "@/lib/content/queries";
import { companyName } from "@/lib/content/site-identity";
import { isLang } from "@/lib/i18n/locales";
import { loggerFor } from "@/lib/logger.mjs";

// One limiter per server instance (see the README for several instances).
const limiter = createRateLimiter(rateLimitConfig());

/**
 * The contact form's Server Action: the same schema as the browser, the abuse
 * checks, then delivery (SMTP, or the outbox when SMTP is unset or fails).
 * Works as a plain POST too: the page renders again with this state.
 */
export async function sendContactMessage(
  lang: string,
  _previous: ContactFormState,
  form: FormData,
): Promise<ContactFormState> {
  if (!isLang(lang)) return { status: "refused", values: {}, reason: "rejected" };
  const requestHeaders = await headers();
  const log = loggerFor(requestHeaders);
  const values = formValues(form);
  const kept = { ...values, website: "" };
  if (isHoneypotFilled(values.website)) {
    log.warn("contact: refused, honeypot filled");
    return { status: "refused", values: kept, reason: "rejected" };
  }
  const now = Date.now();
  if (isTooFast(values.started, now, minFillMs())) {
    log.warn("contact: refused, sent too fast");
    return { status: "refused", values: kept, reason: "too_fast" };
  }
  const checked = validateContact(values);
  if (!checked.ok) return { status: "invalid", values: kept, errors: checked.errors };

  const client = clientAddress(requestHeaders.get("x-forwarded-for"), trustedProxies());
  if (!limiter.take(client, now)) {
    log.warn("contact: refused, rate limit reached");
    return { status: "refused", values: kept, reason: "rate_limit" };
  }

  const [page, settings, t] = await Promise.all([
    getPage("contact_page", lang),
    getSettings(lang),
    getTranslations(lang),
  ]);
  const config = contactConfig();
  const to = recipientFor(checked.data.purpose, page, settings);
  if (!to) {
    log.error("contact: no recipient address in the contact page or settings");
    return { status: "refused", values: kept, reason: "delivery" };
  }
  const { id, mail } = composeContactMail(
    { ...checked.data, lang },
    {
      to,
      from: config.from,
      purposeLabel: t[`contact.purpose_${checked.data.purpose}`],
      siteName: companyName(settings),
    },
  );
  try {
    await deliverContactMail(id, mail, config, log);
    return { status: "sent", id };
  } catch (error) {
    log.error({ err: error }, `contact: message ${id} could not be delivered nor kept`);
    return { status: "refused", values: kept, reason: "delivery" };
  }
}
