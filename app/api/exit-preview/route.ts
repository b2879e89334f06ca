import type { NextRequest } from "next/server";

import { redirectWithinSite } from "@/lib/net/same-site-redirect";
import { endPreview } from "@/lib/preview/preview-session";

/** Ends the preview and returns to the page the editor was on (?redirect=, a same-site path only). */
export async function GET(request: NextRequest) {
  await endPreview();
  return redirectWithinSite(request.nextUrl.searchParams.get("redirect"));
}
