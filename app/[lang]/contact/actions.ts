"use server";

import { headers } from "next/headers";
import { redirect, RedirectType } from "next/navigation";

import { confirmationUrl, createMessageReceiver, type ContactFormState } from "@/features/contact";
import { getPage, getSettings, getTranslations } from "@/lib/content/queries";
import { companyName } from "@/lib/content/site-identity";
import { isLang, localePath, type Lang } from "@/lib/i18n/locales";
import { loggerFor } from "@/lib/log/logger.mjs";
import { PAGE_TYPES } from "@/lib/site/page-types";

// One rate limiter per server instance (see the README for several instances).
const receiveMessage = createMessageReceiver();

async function readContent(lang: Lang) {
  const [page, settings, t] = await Promise.all([
    getPage("contact_page", lang),
    getSettings(lang),
    getTranslations(lang),
  ]);
  return { page, settings, t, siteName: companyName(settings) };
}

/**
 * The contact form's Server Action (the feature's receiver with this request's address, logger and
 * content). Called by the form's script, it answers with the state. Posted without JavaScript (no
 * Next-Action header: Next's own test for a script's call), an accepted message is answered with a
 * redirect to the page's confirmation, so reloading it never posts again; errors render the page
 * again with the text.
 */
export async function sendContactMessage(
  lang: string,
  _previous: ContactFormState,
  form: FormData,
): Promise<ContactFormState> {
  if (!isLang(lang)) return { status: "refused", values: {}, reason: "rejected" };
  const requestHeaders = await headers();
  const state = await receiveMessage(lang, form, {
    forwardedFor: requestHeaders.get("x-forwarded-for"),
    log: loggerFor(requestHeaders),
    readContent,
  });
  if (state.status === "sent" && !requestHeaders.has("next-action")) {
    redirect(confirmationUrl(localePath(lang, PAGE_TYPES.contact_page.path), state), RedirectType.push);
  }
  return state;
}
