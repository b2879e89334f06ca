// @ts-check
/**
 * The site's one logger (pino): every line the server writes goes through it, from Next's bundles
 * (route handlers, pages, the contact action, the request router) and from the files Node loads
 * uncompiled (server/main.mjs, cache-handler.mjs), hence plain JavaScript.
 *
 * - LOG_FORMAT: `json` (one JSON object per line: level, time, pid, hostname, msg, fields) or
 *   `pretty` (one readable line); unset, json when NODE_ENV is production, else pretty.
 * - LOG_LEVEL: trace, debug, info (default), warn, error, fatal or silent.
 * - The request's id (`reqId`) on every line logged while `npm start` handles it (server/main.mjs runs
 *   each request in `withRequestId`), whoever logs it: the site, Next or a library; outside a
 *   request, `loggerFor(headers)` adds one when the headers carry it.
 * - Redaction (log-redaction.mjs) of every message and every field, by the logger itself.
 *
 * No pino transport (they run in worker threads, which Next's bundling breaks): lines are written
 * synchronously to stdout, and pretty lines are formatted here. Next keeps pino out of its bundles
 * (it is in Next's default serverExternalPackages), so the bundles and Node load the same package.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

import pino from "pino";

import { redactFields, redactText, redactValue } from "./log-redaction.mjs";
import { logFormat, startEnv } from "../env/runtime-env.mjs";

/** @typedef {import("pino").Logger} Logger */
/** @typedef {{ write(line: string): unknown }} Destination */

/** The header a proxy in front sets on each request (nginx: `proxy_set_header X-Request-Id $request_id`). */
export const REQUEST_ID_HEADER = "x-request-id";
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request being handled, for every line logged meanwhile. On globalThis: server/main.mjs (loaded by
 * Node) and Next's bundles each have their own copy of this file, and must share one store.
 */
const contextHolder = /** @type {Record<symbol, AsyncLocalStorage<{ reqId: string }> | undefined>} */ (
  /** @type {unknown} */ (globalThis)
);
const requestContext = (contextHolder[Symbol.for("vifargent.request")] ??= new AsyncLocalStorage());

/**
 * A request's id: the one a proxy in front gave it (X-Request-Id, when it looks like an id), else a
 * new one. @param {string | string[] | undefined} header
 */
export function requestIdFrom(header) {
  const given = typeof header === "string" ? header.trim() : undefined;
  return given && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Runs `handle` with every line logged meanwhile (and in what it starts) carrying `reqId`.
 * @template T @param {string} reqId @param {() => T} handle
 */
export function withRequestId(reqId, handle) {
  return requestContext.run({ reqId }, handle);
}

/** Message parts as one string: text as is, errors as "Name: message", anything else as JSON. @param {unknown[]} parts */
function joinMessage(parts) {
  return parts
    .map((part) => {
      if (typeof part === "string") return part;
      if (part instanceof Error) return `${part.name}: ${part.message}`;
      try {
        return JSON.stringify(redactValue(part)) ?? String(part);
      } catch {
        return String(part);
      }
    })
    .join(" ");
}

/**
 * Every call becomes (fields, message) with both redacted: `log.error(error)`,
 * `log.error(error, "text")`, `log.warn({ id }, "text")`, `log.info("text", more)`. No printf
 * placeholders: parts after the message are appended.
 * @this {Logger}
 * @param {unknown[]} args
 * @param {(...args: unknown[]) => void} method
 */
function logMethod(args, method) {
  const [first, ...rest] = args;
  /** @type {Record<string, unknown>} */
  let fields = {};
  let parts = args;
  if (first instanceof Error) {
    fields = { err: first };
    parts = rest;
  } else if (typeof first === "object" && first !== null) {
    fields = /** @type {Record<string, unknown>} */ (first);
    parts = rest;
  }
  let message = parts.length > 0 ? joinMessage(parts) : undefined;
  if (message === undefined && fields.err instanceof Error) message = fields.err.message;
  // Fields are redacted by formatters.log; the message here, before pino formats it.
  method.call(this, fields, message === undefined ? undefined : redactText(message));
}

const LEVEL_COLORS = /** @type {Record<string, string>} */ ({
  trace: "\x1b[90m",
  debug: "\x1b[36m",
  info: "\x1b[32m",
  warn: "\x1b[33m",
  error: "\x1b[31m",
  fatal: "\x1b[35m",
});
const QUIET_FIELDS = new Set(["level", "time", "pid", "hostname", "msg", "err"]);

/**
 * One JSON line as a readable one: `12:00:01.234 WARN  message {fields}`, then an error's stack.
 * @param {string} line @param {{ colors?: boolean }} [options]
 */
export function prettyLine(line, { colors = false } = {}) {
  /** @type {Record<string, any>} */
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line.endsWith("\n") ? line : `${line}\n`;
  }
  const level = String(entry.level ?? "info");
  const time = typeof entry.time === "string" ? entry.time.slice(11, 23) : "";
  const label = level.toUpperCase().padEnd(5);
  const extra = Object.fromEntries(Object.entries(entry).filter(([key]) => !QUIET_FIELDS.has(key)));
  let text = `${time} ${colors ? `${LEVEL_COLORS[level] ?? ""}${label}\x1b[0m` : label} ${entry.msg ?? ""}`;
  if (Object.keys(extra).length > 0) text += ` ${JSON.stringify(extra)}`;
  const err = entry.err;
  if (err && typeof err === "object") {
    const stack = typeof err.stack === "string" ? err.stack : `${err.type}: ${err.message}`;
    text += `\n${stack.replace(/^/gm, "    ")}`;
  }
  return `${text}\n`;
}

/**
 * A logger for `env` (the parsed start environment), writing to `destination` (stdout by default;
 * tests pass their own).
 * @param {{ env?: Pick<import("../env/runtime-env.mjs").StartEnv, "LOG_LEVEL" | "LOG_FORMAT" | "NODE_ENV">; destination?: Destination; colors?: boolean }} [options]
 * @returns {Logger}
 */
export function createLogger({ env = startEnv(), destination, colors } = {}) {
  const out = destination ?? pino.destination({ fd: 1, sync: true });
  const useColors = colors ?? (destination === undefined && process.stdout.isTTY === true);
  /** @type {Destination} */
  const stream =
    logFormat(env) === "pretty"
      ? { write: (line) => out.write(prettyLine(line, { colors: useColors })) }
      : out;
  return pino(
    {
      level: env.LOG_LEVEL,
      timestamp: pino.stdTimeFunctions.isoTime,
      // The request being handled, if any (withRequestId).
      mixin: () => requestContext.getStore() ?? {},
      formatters: {
        level: (label) => ({ level: label }),
        bindings: (bindings) => redactFields(bindings),
        log: (fields) => redactFields(fields),
      },
      // Errors are already plain fields (redactValue): nothing left for pino's serializer to do.
      serializers: { err: (value) => value },
      hooks: {
        logMethod,
        // A last pass over the finished line, in case anything reached it by another way.
        streamWrite: (line) => redactText(line),
      },
    },
    /** @type {import("pino").DestinationStream} */ (stream),
  );
}

/** @type {Logger | undefined} */
let root;

/** The process's logger, created on first use (so an invalid LOG_* is reported by the env check first). */
function rootLogger() {
  root ??= createLogger();
  return root;
}

/** The site's logger. */
export const logger = /** @type {Logger} */ (
  new Proxy(/** @type {object} */ ({}), {
    get(_target, property) {
      const target = rootLogger();
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
    set(_target, property, value) {
      return Reflect.set(rootLogger(), property, value);
    },
  })
);

/**
 * The logger for one request: with its `reqId` when it carries an X-Request-Id that looks like one.
 * @param {{ get(name: string): string | null } | null | undefined} headers
 * @param {Logger} [parent]
 */
export function loggerFor(headers, parent = logger) {
  // Inside a request's context every line already carries its id.
  if (requestContext.getStore()) return parent;
  const id = headers?.get(REQUEST_ID_HEADER)?.trim();
  return id && REQUEST_ID.test(id) ? parent.child({ reqId: id }) : parent;
}

/**
 * Code that also runs in the browser (lib/log/client-logger.ts) cannot import this file; on the
 * server it finds the logger here.
 */
export const SHARED_LOGGER = Symbol.for("vifargent.logger");
/** @type {Record<symbol, unknown>} */ (globalThis)[SHARED_LOGGER] = logger;

const ANSI_ESCAPE = /\u001b\[[0-9;]*m/g;

/** Console methods and the level their lines are logged at. */
const CONSOLE_LEVELS = /** @type {const} */ ([
  ["error", "error"],
  ["warn", "warn"],
  ["info", "info"],
  ["log", "info"],
  ["debug", "debug"],
]);

/**
 * Sends what libraries print on the console through the logger, so their lines are redacted and
 * shaped like the site's: Next reports a page's uncaught error with console.error (its message
 * holds the failed request's URL, with @prismicio/client's access_token and ref), and libraries
 * warn the same way. The first Error among the arguments becomes the line's `err` (with its stack);
 * the rest is the message. Called once, when the server starts (instrumentation.ts).
 * @param {Pick<Console, "error" | "warn" | "info" | "log" | "debug">} [target]
 * @param {Logger} [log]
 */
export function forwardConsole(target = console, log = logger) {
  for (const [method, level] of CONSOLE_LEVELS) {
    // logMethod (above) reads any arguments; pino's overloads cannot say so.
    const write = /** @type {(...args: unknown[]) => void} */ (log[level].bind(log));
    target[method] = (/** @type {unknown[]} */ ...args) => {
      const err = args.find((arg) => arg instanceof Error);
      // Next colours its console lines; a log line keeps the text only.
      const parts = args.map((arg) => (typeof arg === "string" ? arg.replace(ANSI_ESCAPE, "") : arg));
      write(...(err ? [err, ...parts.filter((arg) => arg !== err)] : parts));
    };
  }
}
