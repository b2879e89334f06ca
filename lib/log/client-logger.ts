/**
 * The logger for code that also runs in the browser (client components, and modules both sides
 * share), which cannot load pino without growing every visitor's JavaScript. On the server it is
 * lib/log/logger.mjs itself, redaction included (found on globalThis, where that module puts it). In
 * the browser it is the console: those lines reach only the visitor's own developer tools, never
 * the server's log, so nothing is redacted there and nothing is added to the page's JavaScript.
 */

type Level = "warn" | "error";
type ServerLogger = Record<Level, (fields: object, message: string) => void>;

const SHARED_LOGGER = Symbol.for("vifargent.logger");

function log(level: Level, message: string, detail?: unknown): void {
  // Next replaces `typeof window` at build: browser bundles keep only the console branch.
  if (typeof window === "undefined") {
    const server = (globalThis as Record<symbol, ServerLogger | undefined>)[SHARED_LOGGER];
    if (server) {
      server[level](
        detail === undefined ? {} : detail instanceof Error ? { err: detail } : { detail },
        message,
      );
      return;
    }
  }
  // The console is this logger's browser output.
  // eslint-disable-next-line no-console
  if (detail === undefined) console[level](message);
  // eslint-disable-next-line no-console
  else console[level](message, detail);
}

export const clientLogger = {
  warn: (message: string, detail?: unknown) => log("warn", message, detail),
  error: (message: string, detail?: unknown) => log("error", message, detail),
};
