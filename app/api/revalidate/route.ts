import { revalidatePath } from "next/cache";
import { NextResponse, type NextRequest } from "next/server";

import { markBundledContentStale } from "@/lib/content-api/in-process";
import { contentSource } from "@/lib/prismic/content-source";
import { NO_STORE } from "@/lib/preview/preview-session";
import { sameSecret } from "@/lib/security/same-secret";

/**
 * Prismic's publish webhook: POST a JSON body whose `secret` equals
 * PRISMIC_WEBHOOK_SECRET, and every page is regenerated on its next request.
 * A malformed body is a 400, a wrong or missing secret a 401; neither
 * revalidates anything.
 */
function reply(status: number, body: object) {
  return NextResponse.json(body, { status, headers: NO_STORE });
}

export async function POST(request: NextRequest) {
  const expected = process.env.PRISMIC_WEBHOOK_SECRET;
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return reply(400, { error: "The body must be JSON, as Prismic's webhook sends it" });
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return reply(400, { error: "The body must be a JSON object" });
  }
  const secret = (body as { secret?: unknown }).secret;
  if (!expected) {
    console.error("[revalidate] PRISMIC_WEBHOOK_SECRET is not set: refusing every webhook call");
    return reply(401, { error: "Webhook secret not configured on this server" });
  }
  if (typeof secret !== "string" || !sameSecret(secret, expected)) {
    return reply(401, { error: "Invalid webhook secret" });
  }
  // Only the bundled repository has files to re-read; a hosted one must not spin up a store.
  if (contentSource().bundled) markBundledContentStale();
  revalidatePath("/[lang]", "layout");
  revalidatePath("/sitemap.xml");
  return reply(200, { revalidated: true, now: Date.now() });
}
