import type { NextRequest } from "next/server";

import { endPreview } from "@/lib/preview/preview-session";
import { redirectToPath } from "@/lib/preview/safe-redirect";
import { safeRedirectPath } from "@/lib/preview/safe-redirect";

/** Ends the preview and returns to the page the editor was on (?redirect=, same-origin only). */
export async function GET(request: NextRequest) {
  await endPreview();
  const target = safeRedirectPath(request.nextUrl.searchParams.get("redirect"), "/");
  return redirectToPath(target);
}
