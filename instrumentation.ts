/** Runs once when the server starts (Next's instrumentation hook). */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { skipReportedErrors } = await import("@/lib/content/content-errors");
  skipReportedErrors();
}
