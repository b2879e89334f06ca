import { draftMode } from "next/headers";

import { NO_STORE } from "@/lib/cache/lifetimes.mjs";

/**
 * GET /api/draft-session: whether this request is an editor's valid draft-mode session, for the
 * proxy in front (deploy/nginx/site.conf asks before it skips its cache for a request that carries
 * the draft-mode cookie). Answered by Next's own check, so the proxy and the server always agree:
 * 204 with `X-Draft-Session: 1` or `0`. Nothing about the session is revealed beyond that bit.
 */
export const dynamic = "force-dynamic";

export async function GET() {
  const { isEnabled } = await draftMode();
  return new Response(null, {
    status: 204,
    headers: { "x-draft-session": isEnabled ? "1" : "0", ...NO_STORE },
  });
}
