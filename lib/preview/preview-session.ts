import { cookie as prismicCookie } from "@prismicio/client";
import { cookies, draftMode } from "next/headers";

import { getEnv, type Env } from "@/lib/env/env";

/**
 * Starting and ending an editor's preview: Next's draft mode plus Prismic's
 * preview cookie, whose value is the draft ref every query reads (preview-ref.ts).
 */
export const PREVIEW_COOKIE = prismicCookie.preview;

export async function startPreview(token: string, env: Env = getEnv()): Promise<void> {
  (await draftMode()).enable();
  (await cookies()).set(PREVIEW_COOKIE, token, {
    path: "/",
    sameSite: "lax",
    secure: env.NODE_ENV === "production" && !env.NEXT_PUBLIC_SITE_URL.startsWith("http:"),
  });
}

export async function endPreview(): Promise<void> {
  (await draftMode()).disable();
  (await cookies()).delete(PREVIEW_COOKIE);
}
