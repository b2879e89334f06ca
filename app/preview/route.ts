import type { NextRequest } from "next/server";

import { describeContentError } from "@/lib/content/content-errors";
import { getEnv } from "@/lib/env/env";
import { loggerFor } from "@/lib/log/logger.mjs";
import { redirectWithinSite, sameSitePath } from "@/lib/net/same-site-redirect";
import { startPreview } from "@/lib/preview/preview-session";
import { isPreviewToken } from "@/lib/preview/preview-token";
import { contentSource } from "@/lib/prismic/content-source";
import { createClient, repositoryName } from "@/lib/prismic/client";

/**
 * /preview/?token=…&documentId=… (the preview entry Prismic opens): resolves the document
 * with the token as ref, turns draft mode on and redirects to its page. When
 * nothing resolves it redirects to / without starting a preview.
 */
export async function GET(request: NextRequest) {
  const token = request.nextUrl.searchParams.get("token")?.trim();
  const documentID = request.nextUrl.searchParams.get("documentId")?.trim();
  if (!token || !documentID || !isPreviewToken(token, repositoryName)) return redirectWithinSite("/");
  // The bundled repository's release refs come from CONTENT_PREVIEW_SECRET; without it no preview
  // link can be genuine, and none is tried.
  if (contentSource().bundled && !getEnv().CONTENT_PREVIEW_SECRET) {
    loggerFor(request.headers).error(
      "[preview] bundled previews are off: set CONTENT_PREVIEW_SECRET (openssl rand -base64 32), then print links with npm run preview:link",
    );
    return redirectWithinSite("/");
  }

  let resolved: string;
  try {
    resolved = await createClient().resolvePreviewURL({ previewToken: token, documentID, defaultURL: "" });
  } catch (error) {
    loggerFor(request.headers).error(
      `[preview] could not resolve document ${documentID}: ${describeContentError(error)}`,
    );
    return redirectWithinSite("/");
  }
  // A document whose URL is not a page of this site starts no preview.
  const path = sameSitePath(resolved, "");
  if (!path) return redirectWithinSite("/");

  await startPreview(token);
  return redirectWithinSite(path);
}
