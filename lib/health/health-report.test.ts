import { createHealthReporter, type HealthReport } from "@/lib/health/health-report";

const REPORT: HealthReport = {
  status: "ok",
  buildId: "b",
  content: { source: "bundled", reachable: true, unreachableForSeconds: 0 },
  sharedCache: { configured: false },
};

test("a flood of checks costs one probe per period; concurrent checks share the one in flight", async () => {
  let probes = 0;
  const report = createHealthReporter(async () => {
    probes++;
    await new Promise((resolve) => setTimeout(resolve, 20));
    return REPORT;
  }, 1_500);
  await Promise.all(Array.from({ length: 500 }, (_, index) => report(10_000 + index)));
  expect(probes).toBe(1);
  await report(11_499);
  expect(probes).toBe(1);
  await report(11_500);
  expect(probes).toBe(2);
});

test("a probe that fails is not kept: the next check probes again", async () => {
  let probes = 0;
  const report = createHealthReporter(async () => {
    probes++;
    if (probes === 1) throw new Error("down");
    return REPORT;
  }, 1_500);
  await expect(report(0)).rejects.toThrow("down");
  await expect(report(1)).resolves.toEqual(REPORT);
  expect(probes).toBe(2);
});
