import { NextResponse, type NextRequest } from "next/server";

import { getEnv } from "@/lib/env/env";
import { createHealthReporter } from "@/lib/health/health-report";
import { NO_STORE } from "@/lib/cache/lifetimes.mjs";
import { clientAddress } from "@/lib/net/client-address";

/**
 * For load balancers and operators: 200 while this instance can serve, 503 once the content
 * source has been unreachable for longer than HEALTH_CONTENT_GRACE_SECONDS (Redis being away is
 * reported, not fatal: pages then render without it). The body is `{ status }` for everyone; the
 * details (build id, content source, shared cache) only for the addresses in
 * HEALTH_DETAIL_ADDRESSES (default: this machine). Probes run at most every 1.5 s, whoever asks.
 */
export const dynamic = "force-dynamic";

const report = createHealthReporter();

export async function GET(request: NextRequest) {
  const health = await report();
  const status = health.status === "failing" ? 503 : 200;
  const detailed = getEnv().HEALTH_DETAIL_ADDRESSES.includes(
    clientAddress(request.headers.get("x-forwarded-for")),
  );
  return NextResponse.json(detailed ? health : { status: health.status }, { status, headers: NO_STORE });
}
