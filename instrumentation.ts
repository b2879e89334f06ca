/** Runs once when the server starts (Next's instrumentation hook). */
export async function register() {
  // Next's documented pattern, and the one process.env read outside lib/env/env.ts: Next inlines this
  // literal per runtime, so the edge build of this file drops the Node-only imports below.
  // eslint-disable-next-line no-restricted-properties
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // The logger, also for code shared with the browser (lib/log/client-logger.ts finds it on globalThis);
  // what Next and libraries print on the console goes through it too, redacted.
  const { forwardConsole } = await import("@/lib/log/logger.mjs");
  forwardConsole();
  // npm start's front (server/request-target.mjs) reads request paths with the router's own rules.
  const { provideRequestRules } = await import("./server/request-target.mjs");
  const { requestRules } = await import("@/lib/routing/request-rules");
  provideRequestRules(globalThis, requestRules);
  const { skipReportedErrors } = await import("@/lib/content/content-errors");
  skipReportedErrors();
  // The metrics (lib/metrics/) count by page type as the request router reads a path, and look at
  // the contact outbox when scraped: how many messages wait, and whether one can be written.
  const { siteMetrics } = await import("@/lib/metrics/site-metrics.mjs");
  const { renderKindOf, requestKindOf } = await import("@/lib/metrics/request-kind");
  const {
    checkOutboxWritable,
    contactConfig,
    outboxDepth,
    outboxDir,
    sendBoundMs,
    sendsInFlight,
    sendsSettled,
  } = await import("@/features/contact");
  const dir = outboxDir();
  const outboxWritable = () => checkOutboxWritable(dir);
  Object.assign(siteMetrics().hooks, {
    requestKindOf,
    renderKindOf,
    outboxCount: () => outboxDepth(dir),
    outboxWritable,
  });
  // npm start writes into the outbox once before it listens, and stops if it cannot.
  const { provideStartChecks } = await import("./server/start-check.mjs");
  provideStartChecks(globalThis, { contactOutbox: outboxWritable });
  // A stopping npm start waits for the contact messages still being sent, up to a send's bound.
  const { provideWorkInFlight } = await import("./server/work-in-flight.mjs");
  provideWorkInFlight(globalThis, {
    count: sendsInFlight,
    settled: () => sendsSettled(sendBoundMs(contactConfig())),
  });
}
