// @ts-check
/**
 * The environment, read and checked once: the schema of the variables that the files Node loads
 * uncompiled need (server/main.mjs, cache-handler.mjs, lib/cache/shared-cache.mjs, lib/log/logger.mjs), and
 * the helpers lib/env/env.ts builds the site's whole schema from. Plain JavaScript for those files; the
 * rest of the site reads lib/env/env.ts, and nothing reads process.env but these two.
 *
 * Rules for every variable: an empty (or blank) value is unset, so the default applies; any other
 * value that does not parse stops the process with one line naming the variable, what is wrong
 * with its value and what it expects, e.g.
 *   Invalid environment: PRERENDER_WORKS="abc" is not an integer; expected 0-100
 */
import { writeSync } from "node:fs";

import * as z from "zod";

/** The longest delay setTimeout keeps (2^31 - 1 ms): a longer one fires at once. */
export const MAX_TIMER_MS = 2_147_483_647;

/** One or more invalid variables; `message` is the one line to print. */
export class EnvError extends Error {
  /** @param {string} message @param {string[]} variables */
  constructor(message, variables) {
    super(message);
    this.name = "EnvError";
    /** The invalid variables' names. */
    this.variables = variables;
  }
}

/**
 * @template T
 * @typedef {{ ok: true; value: T } | { ok: false; problem: string }} Reading
 */

/**
 * A variable: `read` turns its (trimmed, never empty) text into a value or says what is wrong with
 * it; `expected` says what it takes. Both end up in the one-line error.
 * @template T
 * @param {(text: string) => Reading<T>} read
 * @param {string} expected
 */
export function variable(read, expected) {
  return z.string().transform((text, context) => {
    const reading = read(text);
    if (reading.ok) return reading.value;
    context.issues.push({ code: "custom", message: `${reading.problem}; expected ${expected}`, input: text });
    return z.NEVER;
  });
}

/** @template T @param {T} value @returns {Reading<T>} */
const ok = (value) => ({ ok: true, value });
/** @param {string} problem @returns {{ ok: false; problem: string }} */
const fail = (problem) => ({ ok: false, problem });

/** Any text (already trimmed). @param {string} expected */
export const text = (expected = "any text") => variable((value) => ok(value), expected);

/**
 * A whole number in [min, max], decimal digits only.
 * @param {number} min @param {number} max @param {string} [unit]
 */
export function integer(min, max, unit) {
  const range = `${min}-${max}${unit ? ` (${unit})` : ""}`;
  return variable((value) => {
    if (!/^\d+$/.test(value)) return fail("is not an integer");
    const number = Number(value);
    return number >= min && number <= max ? ok(number) : fail("is out of range");
  }, range);
}

/** A number of at least `min`, decimals allowed. @param {number} min @param {string} unit */
export function decimal(min, unit) {
  return variable((value) => {
    if (!/^\d+(\.\d+)?$/.test(value)) return fail("is not a number");
    const number = Number(value);
    return number >= min ? ok(number) : fail("is out of range");
  }, `a number of ${unit}, ${min} or more`);
}

/** One of a few words. @template {string} T @param {readonly T[]} choices */
export function oneOf(choices) {
  return variable(
    (value) =>
      /** @type {readonly string[]} */ (choices).includes(value)
        ? ok(/** @type {T} */ (value))
        : fail("is not one of the choices"),
    choices.join(", "),
  );
}

/**
 * An absolute URL with one of `protocols` (e.g. ["http:", "https:"]), as its `href`.
 * @param {string[]} protocols @param {string} example
 */
export function url(protocols, example) {
  const schemes = protocols.map((protocol) => `${protocol}//`).join(" or ");
  return variable((value) => {
    let parsed;
    try {
      parsed = new URL(value);
    } catch {
      return fail("is not a URL");
    }
    return protocols.includes(parsed.protocol) ? ok(parsed.href) : fail(`is not a ${schemes} URL`);
  }, `a ${schemes} URL such as ${example}`);
}

/** Text matching `pattern`. @param {RegExp} pattern @param {string} problem @param {string} expected */
export function matching(pattern, problem, expected) {
  return variable((value) => (pattern.test(value) ? ok(value) : fail(problem)), expected);
}

/** How many proxies in front may be trusted to name the client (X-Forwarded-For). */
const proxyHops = variable((value) => {
  if (value === "false") return { ok: true, value: 0 };
  if (value === "true") return { ok: true, value: 1 };
  return /^\d$/.test(value)
    ? { ok: true, value: Number(value) }
    : { ok: false, problem: "is not a number of proxies" };
}, "true (one proxy), false, or 0-9");

/** The schema of the variables the uncompiled files read (lib/env/env.ts adds the site's). */
export const startEnvSchema = z.object({
  /** Set by Next: `next dev` development, `next build` and `npm start` production, Jest test. */
  NODE_ENV: oneOf(/** @type {const} */ (["production", "development", "test"])).default("production"),
  LOG_LEVEL: oneOf(
    /** @type {const} */ (["trace", "debug", "info", "warn", "error", "fatal", "silent"]),
  ).default("info"),
  /** Unset: json when NODE_ENV is production, else pretty (see logFormat). */
  LOG_FORMAT: oneOf(/** @type {const} */ (["json", "pretty"])).optional(),
  HOST: matching(
    /^[^\s/]+$/,
    "is not a host name or address",
    "a host name or address such as 0.0.0.0",
  ).default("127.0.0.1"),
  PORT: integer(0, 65_535).default(3000),
  SHUTDOWN_TIMEOUT_MS: integer(1, MAX_TIMER_MS, "milliseconds").default(25_000),
  /** The build folder (the benchmarks build beside the real one); server/main.mjs reads its manifest. */
  NEXT_DIST_DIR: text("a folder").default(".next"),
  REDIS_URL: url(["redis:", "rediss:"], "redis://[:password@]host:6379[/db]").optional(),
  REDIS_KEY_PREFIX: text("a prefix such as site").default("site"),
  TRUST_PROXY: proxyHops.default(0),
  /** Unset: on, unless TRUST_PROXY says a proxy in front (which logs every request itself). */
  ACCESS_LOG: oneOf(/** @type {const} */ (["on", "off"])).optional(),
  METRICS_TOKEN: matching(
    /^[\x21-\x7e]{16,}$/,
    "is shorter than 16 characters or holds spaces",
    "at least 16 printable characters: openssl rand -hex 32",
  ).optional(),
});

/** Variables whose values an error line never shows (they may hold passwords). */
export const START_SECRETS = ["REDIS_URL", "METRICS_TOKEN"];

/** @typedef {z.output<typeof startEnvSchema>} StartEnv */

/** The log format: LOG_FORMAT, else json in production and pretty elsewhere. @param {Pick<StartEnv, "LOG_FORMAT" | "NODE_ENV">} env */
export function logFormat(env) {
  return env.LOG_FORMAT ?? (env.NODE_ENV === "production" ? "json" : "pretty");
}

/** Whether npm start logs a line per request: ACCESS_LOG, else only with no proxy in front. @param {Pick<StartEnv, "ACCESS_LOG" | "TRUST_PROXY">} env */
export function accessLogOn(env) {
  return env.ACCESS_LOG ? env.ACCESS_LOG === "on" : env.TRUST_PROXY === 0;
}

/** How an invalid value is shown: quoted, cut short, or hidden for a secret. @param {string} value @param {boolean} secret */
function shown(value, secret) {
  if (secret) return `(hidden, ${value.length} characters)`;
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
}

/**
 * Parses `source` (process.env or a test's object) with `schema`: blank values count as unset,
 * values are trimmed; throws an EnvError whose message is the one line naming every invalid variable.
 * @template {z.ZodObject} S
 * @param {S} schema
 * @param {Record<string, string | undefined>} source
 * @param {readonly string[]} secrets
 * @returns {z.output<S>}
 */
export function parseEnvWith(schema, source, secrets) {
  /** @type {Record<string, string | undefined>} */
  const input = {};
  for (const key of Object.keys(schema.shape)) {
    const value = source[key]?.trim();
    input[key] = value ? value : undefined;
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems = new Map();
  for (const issue of result.error.issues) {
    const key = String(issue.path[0]);
    if (problems.has(key)) continue;
    const value = input[key] ?? "";
    problems.set(key, `${key}=${shown(value, secrets.includes(key))} ${issue.message}`);
  }
  throw new EnvError(`Invalid environment: ${[...problems.values()].join(". ")}`, [...problems.keys()]);
}

/** @param {Record<string, string | undefined>} source */
export function parseStartEnv(source) {
  return parseEnvWith(startEnvSchema, source, START_SECRETS);
}

/** @type {StartEnv | undefined} */
let cached;

/** The start-time variables of this process, parsed once. */
export function startEnv() {
  cached ??= parseStartEnv(process.env);
  return cached;
}

/**
 * Runs `read`; on an invalid environment prints its one line to stderr and exits 1 (npm start,
 * next build, CLIs). Any other error is thrown on.
 * @template T
 * @param {() => T} read
 * @returns {T}
 */
export function exitOnInvalidEnv(read) {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    writeSync(2, `${error.message}\n`);
    process.exit(1);
  }
}
