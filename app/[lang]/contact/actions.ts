"use server";

import { headers } from "next/headers";

import { createMessageReceiver, type ContactFormState } from "@/features/contact";
import { getPage, getSettings, getTranslations } from "@/lib/content/queries";
import { companyName } from "@/lib/content/site-identity";
import { isLang, type Lang } from "@/lib/i18n/locales";
import { loggerFor } from "@/lib/logger.mjs";

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
 * The contact form's Server Action (the feature's receiver with this request's
 * address, logger and content). Works as a plain POST too: the page renders
 * again with this state.
 */
export async function sendContactMessage(
  lang: string,
  _previous: ContactFormState,
  form: FormData,
): Promise<ContactFormState> {
  if (!isLang(lang)) return { status: "refused", values: {}, reason: "rejected" };
  const requestHeaders = await headers();
  return receiveMessage(lang, form, {
    forwardedFor: requestHeaders.get("x-forwarded-for"),
    log: loggerFor(requestHeaders),
    readContent,
  });
}
