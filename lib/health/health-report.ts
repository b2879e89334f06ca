import { contentGraceMs, createOutageClock } from "@/lib/health/outage-clock";
import { buildId, contentAnswers, redisAnswers } from "@/lib/health/probes";
import { contentSource } from "@/lib/prismic/content-source";

/**
 * What /api/health reports, probed at most once per PROBE_REUSE_MS however many ask: a flood of
 * health checks (anyone can send one) costs the content API and Redis one probe per period, and
 * concurrent checks share the probe in flight.
 */

export const PROBE_REUSE_MS = 1_500;

export interface HealthReport {
  status: "ok" | "degraded" | "failing";
  buildId: string;
  content: { source: "bundled" | "remote"; reachable: boolean; unreachableForSeconds: number };
  sharedCache: { configured: false } | { configured: true; reachable: boolean };
}

async function probe(outage: ReturnType<typeof createOutageClock>): Promise<HealthReport> {
  const [contentOk, redisOk] = await Promise.all([contentAnswers(), redisAnswers()]);
  const unreachableMs = outage.observe(contentOk);
  const failing = unreachableMs > contentGraceMs();
  return {
    status: failing ? "failing" : contentOk && redisOk !== false ? "ok" : "degraded",
    buildId: buildId(),
    content: {
      source: contentSource().bundled ? "bundled" : "remote",
      reachable: contentOk,
      unreachableForSeconds: Math.round(unreachableMs / 1000),
    },
    sharedCache: redisOk === undefined ? { configured: false } : { configured: true, reachable: redisOk },
  };
}

/** The latest report, probed anew once the last one is older than `reuseMs`. */
export function createHealthReporter(
  run: () => Promise<HealthReport> = probe.bind(null, createOutageClock()),
  reuseMs = PROBE_REUSE_MS,
) {
  let last: { at: number; report: Promise<HealthReport> } | undefined;
  return (now = Date.now()): Promise<HealthReport> => {
    if (!last || now - last.at >= reuseMs) {
      const report = run();
      last = { at: now, report };
      // A probe that throws is not kept: the next check tries again.
      report.catch(() => {
        if (last?.report === report) last = undefined;
      });
    }
    return last.report;
  };
}
