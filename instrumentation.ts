import { nextRuntime } from "@/lib/public-env";

/** Runs once when the server starts (Next's instrumentation hook). */
export async function register() {
  if (nextRuntime() !== "nodejs") return;
  // The logger, also for code shared with the browser (lib/client-logger.ts finds it on globalThis).
  await import("@/lib/logger.mjs");
  const { skipReportedErrors } = await import("@/lib/content/content-errors");
  skipReportedErrors();
}
