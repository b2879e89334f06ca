/**
 * Every environment variable the site reads, parsed and checked once (README "Environment
 * variables"). Server code takes its settings from `getEnv()`, usually as a parameter's default so
 * tests pass their own `parseEnv({...})`; nothing else reads process.env (ESLint holds it).
 *
 * The variables the uncompiled files need (server.mjs, cache-handler.mjs) are defined in
 * runtime-env.mjs and extended here; NEXT_PUBLIC_* come from public-env.ts, which spells them out
 * for Next to inline. A blank value is unset; an invalid one stops `npm start` and `npm run build`
 * (next.config.ts checks at its top) with one line naming it.
 */
import { isIP } from "node:net";

import * as z from "zod";

import { publicEnvSource } from "./public-env";
import {
  decimal,
  EnvError,
  exitOnInvalidEnv,
  integer,
  matching,
  MAX_TIMER_MS,
  parseEnvWith,
  START_SECRETS,
  startEnvSchema,
  text,
  url,
  variable,
} from "./runtime-env.mjs";

export { EnvError };

const siteUrl = variable((value) => {
  try {
    const parsed = new URL(value);
    if (parsed.protocol === "http:" || parsed.protocol === "https:")
      return { ok: true, value: parsed.origin };
    return { ok: false, problem: "is not an http:// or https:// URL" };
  } catch {
    return { ok: false, problem: "is not an absolute URL" };
  }
}, "an absolute URL such as https://example.com");

const purgeUrls = variable((value) => {
  const entries = value.split(",").map((entry) => entry.trim());
  const wrong = entries.find((entry) => !/^https?:\/\//.test(entry) || !URL.canParse(entry));
  if (wrong !== undefined)
    return { ok: false, problem: `lists ${JSON.stringify(wrong)}, not an http(s) URL` };
  return { ok: true, value: entries };
}, "comma-separated http:// or https:// URLs such as http://<nginx>/purge-all");

const addressList = variable((value) => {
  const entries = value.split(",").map((entry) => entry.trim());
  const wrong = entries.find((entry) => isIP(entry) === 0);
  if (wrong !== undefined) return { ok: false, problem: `lists ${JSON.stringify(wrong)}, not an IP address` };
  return { ok: true, value: entries };
}, "comma-separated IP addresses such as 127.0.0.1,::1,10.0.0.5");

const rateLimit = variable((value) => {
  const match = value.match(/^(\d{1,4})\/(\d{1,6})$/);
  if (!match) return { ok: false, problem: 'is not "<count>/<seconds>"' };
  // As before: a count or window of 0 counts as 1.
  return {
    ok: true,
    value: { max: Math.max(1, Number(match[1])), windowMs: Math.max(1, Number(match[2])) * 1000 },
  };
}, "<count>/<seconds>, at most 9999/999999, such as 5/600");

const encryptionKey = variable((value) => {
  const bytes =
    /^[A-Za-z0-9+/]+={0,2}$/.test(value) && value.length % 4 === 0 ? Buffer.from(value, "base64") : null;
  if (!bytes) return { ok: false, problem: "is not base64" };
  return [16, 24, 32].includes(bytes.length)
    ? { ok: true, value }
    : { ok: false, problem: `decodes to ${bytes.length} bytes` };
}, "an AES key of 32 (or 16 or 24) bytes in base64: openssl rand -base64 32");

/** Every variable the site reads, by name. */
export const envSchema = startEnvSchema.extend({
  NEXT_PUBLIC_SITE_URL: siteUrl.default("http://127.0.0.1:3000"),
  NEXT_PUBLIC_GA_MEASUREMENT_ID: matching(
    /^G-[A-Z0-9]{4,20}$/,
    "is not a GA4 measurement id",
    "G- then 4 to 20 capital letters or digits, such as G-ABC123XYZ",
  ).optional(),
  PRISMIC_ENDPOINT: url(["http:", "https:"], "https://<repository>.cdn.prismic.io/api/v2").optional(),
  PRISMIC_ACCESS_TOKEN: text("an access token").optional(),
  PRISMIC_WEBHOOK_SECRET: text("a secret").optional(),
  PRISMIC_REQUEST_TIMEOUT_MS: integer(1, MAX_TIMER_MS, "milliseconds").default(10_000),
  PUBLISH_RENDER_CONCURRENCY: integer(1, 16).default(2),
  PRERENDER_WORKS: integer(0, 100).default(24),
  NEXT_DEPLOYMENT_ID: matching(
    /^[A-Za-z0-9_-]+$/,
    "has characters Next does not allow",
    "letters, digits, - and _ only",
  ).optional(),
  NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: encryptionKey.optional(),
  CONTENT_DIR: text("a folder").default("content"),
  CONTENT_PREVIEW_SECRET: matching(
    /^\S{32,}$/,
    "is shorter than 32 characters or has spaces",
    "at least 32 characters without spaces: openssl rand -base64 32",
  ).optional(),
  PROXY_PURGE_URLS: purgeUrls.default([]),
  PROXY_PURGE_SECRET: matching(
    /^[\x21-\x7e]{32,}$/,
    "is shorter than 32 characters or has spaces or other characters",
    "at least 32 printable ASCII characters without spaces: openssl rand -hex 32",
  ).optional(),
  HEALTH_DETAIL_ADDRESSES: addressList.default(["127.0.0.1", "::1"]),
  HEALTH_CONTENT_GRACE_SECONDS: decimal(0, "seconds").default(60),
  SMTP_URL: url(["smtp:", "smtps:"], "smtp://user:password@mail.example.com:587").optional(),
  CONTACT_FROM: matching(
    /^(?:[^\s@<>]+@[^\s@<>]+|[^<>]*<[^\s@<>]+@[^\s@<>]+>)$/,
    "is not an e-mail address",
    "an address such as no-reply@example.com or Studio <no-reply@example.com>",
  ).optional(),
  CONTACT_OUTBOX_DIR: text("a folder").default(".outbox"),
  CONTACT_SMTP_TIMEOUT_MS: integer(1, MAX_TIMER_MS, "milliseconds").default(10_000),
  CONTACT_SMTP_REPLY_TIMEOUT_MS: integer(1, MAX_TIMER_MS, "milliseconds").default(600_000),
  CONTACT_RATE_LIMIT: rateLimit.default({ max: 5, windowMs: 600_000 }),
  CONTACT_MIN_FILL_MS: decimal(0, "milliseconds").default(3000),
  CONSENT_STORE_DIR: text("a folder").default(".consent-records"),
  CONSENT_RETENTION_DAYS: integer(1, 3650, "days").default(760),
  CONSENT_STORE_MAX_MB: integer(1, 1_048_576, "MiB").default(1024),
  CONSENT_RATE_LIMIT: rateLimit.default({ max: 20, windowMs: 600_000 }),
});

export type Env = z.output<typeof envSchema>;

/** The names of every variable the site reads (README's table and .env.example list exactly these). */
export const ENV_KEYS = Object.keys(envSchema.shape) as Array<keyof Env>;

/** Variables whose values an error line never shows. */
const SECRETS = [
  ...START_SECRETS,
  "PRISMIC_ACCESS_TOKEN",
  "PRISMIC_WEBHOOK_SECRET",
  "CONTENT_PREVIEW_SECRET",
  "PROXY_PURGE_SECRET",
  "NEXT_SERVER_ACTIONS_ENCRYPTION_KEY",
  "SMTP_URL",
];

/** Parses an environment (process.env, or a test's own object); throws an EnvError with the one line. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  return parseEnvWith(envSchema, source, SECRETS);
}

let cached: Env | undefined;

/** This process's environment, parsed once. NEXT_PUBLIC_* are the values the bundle was built with. */
export function getEnv(): Env {
  cached ??= parseEnv({ ...process.env, ...publicEnvSource() });
  return cached;
}

/** getEnv(), or the one-line error on stderr and exit 1: for next.config.ts and CLIs. */
export function getEnvOrExit(): Env {
  return exitOnInvalidEnv(getEnv);
}
