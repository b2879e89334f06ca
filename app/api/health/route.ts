import { NextResponse } from "next/server";

import { contentGraceMs, createOutageClock } from "@/lib/health/outage-clock";
import { buildId, contentAnswers, redisAnswers } from "@/lib/health/probes";
import { contentSource } from "@/lib/prismic/content-source";
import { NO_STORE } from "@/lib/net/cache-control";

/**
 * For load balancers and operators: 200 while this instance can serve, with its
 * build id and whether the content source and the shared cache answer; 503 once
 * the content source has been unreachable for longer than
 * HEALTH_CONTENT_GRACE_SECONDS. Redis being away is reported, not fatal: pages
 * then render without it.
 */
export const dynamic = "force-dynamic";

const contentOutage = createOutageClock();

export async function GET() {
  const [contentOk, redisOk] = await Promise.all([contentAnswers(), redisAnswers()]);
  const unreachableMs = contentOutage.observe(contentOk);
  const failing = unreachableMs > contentGraceMs();
  const body = {
    status: failing ? "failing" : contentOk && redisOk !== false ? "ok" : "degraded",
    buildId: buildId(),
    content: {
      source: contentSource().bundled ? "bundled" : "remote",
      reachable: contentOk,
      unreachableForSeconds: Math.round(unreachableMs / 1000),
    },
    sharedCache: redisOk === undefined ? { configured: false } : { configured: true, reachable: redisOk },
  };
  return NextResponse.json(body, { status: failing ? 503 : 200, headers: NO_STORE });
}
