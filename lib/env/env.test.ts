import fc from "fast-check";

import { ENV_KEYS, EnvError, parseEnv, type Env } from "@/lib/env/env";
import { accessLogOn, parseStartEnv } from "@/lib/env/runtime-env.mjs";

/** Catches the EnvError `parseEnv` throws. */
function failure(source: Record<string, string | undefined>): EnvError {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error;
    throw error;
  }
  throw new Error(`no error for ${JSON.stringify(source)}`);
}

const blank = (value: string) => value.trim() === "";
/** Text that is not blank (blank is unset) and fails `accepted`. */
const textExcept = (
  accepted: (value: string) => boolean,
  arbitrary = fc.string({ minLength: 1, maxLength: 40 }),
) => arbitrary.filter((value) => !blank(value) && !accepted(value.trim()));
const notAnInteger = textExcept((value) => /^\d+$/.test(value));
const integerAbove = (max: number) => fc.bigInt({ min: BigInt(max) + 1n, max: 10n ** 30n }).map(String);
const notADecimal = textExcept((value) => /^\d+(\.\d+)?$/.test(value));
const notAUrl = textExcept((value) => URL.canParse(value));
const otherSchemeUrl = (schemes: string[]) =>
  fc
    .tuple(fc.constantFrom("ftp", "file", "ws", "mailto", "redis", "smtp", "http", "https"), fc.domain())
    .filter(([scheme]) => !schemes.includes(scheme))
    .map(([scheme, host]) => `${scheme}://${host}/x`);
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

/** Values each variable must refuse. Variables that take any text are in ANY_TEXT instead. */
const BAD: Partial<Record<keyof Env, fc.Arbitrary<string>>> = {
  NODE_ENV: textExcept((value) => ["production", "development", "test"].includes(value)),
  LOG_LEVEL: textExcept((value) =>
    ["trace", "debug", "info", "warn", "error", "fatal", "silent"].includes(value),
  ),
  LOG_FORMAT: textExcept((value) => ["json", "pretty"].includes(value)),
  ACCESS_LOG: textExcept((value) => ["on", "off"].includes(value)),
  // Short, or with a space or a character outside printable ASCII.
  METRICS_TOKEN: fc.oneof(
    fc.stringMatching(/^[a-z0-9]{1,15}$/),
    fc.stringMatching(/^[a-z0-9]{8,20} [a-z0-9]{8,20}$/),
    fc.stringMatching(/^[a-z0-9]{16,20}é$/),
  ),
  HOST: fc
    .tuple(
      fc.stringMatching(/^[a-z0-9.]{1,10}$/),
      fc.constantFrom(" ", "/", "\t", " / "),
      fc.stringMatching(/^[a-z0-9]{1,10}$/),
    )
    .map((parts) => parts.join("")),
  PORT: fc.oneof(notAnInteger, integerAbove(65_535)),
  SHUTDOWN_TIMEOUT_MS: fc.oneof(notAnInteger, integerAbove(2_147_483_647), fc.constant("0")),
  REDIS_URL: fc.oneof(notAUrl, otherSchemeUrl(["redis", "rediss"])),
  NEXT_PUBLIC_SITE_URL: fc.oneof(notAUrl, otherSchemeUrl(["http", "https"])),
  NEXT_PUBLIC_GA_MEASUREMENT_ID: fc.oneof(
    textExcept((value) => /^G-[A-Z0-9]{4,20}$/.test(value)),
    fc.constantFrom("UA-12345-1", "G-abc123", "G-123", "G-1234');alert(1)//"),
  ),
  PRISMIC_ENDPOINT: fc.oneof(notAUrl, otherSchemeUrl(["http", "https"])),
  PRISMIC_REQUEST_TIMEOUT_MS: fc.oneof(notAnInteger, integerAbove(2_147_483_647), fc.constant("0")),
  PUBLISH_RENDER_CONCURRENCY: fc.oneof(notAnInteger, integerAbove(16), fc.constant("0")),
  PRERENDER_WORKS: fc.oneof(notAnInteger, integerAbove(100)),
  NEXT_DEPLOYMENT_ID: textExcept((value) => /^[A-Za-z0-9_-]+$/.test(value)),
  NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: fc.oneof(
    fc
      .uint8Array({ minLength: 1, maxLength: 64 })
      .filter((bytes) => ![16, 24, 32].includes(bytes.length))
      .map(base64),
    textExcept((value) => /^[A-Za-z0-9+/]+={0,2}$/.test(value) && value.length % 4 === 0),
  ),
  CONTENT_PREVIEW_SECRET: fc.oneof(
    fc.stringMatching(/^\S{1,31}$/),
    fc
      .tuple(fc.stringMatching(/^\S{16,40}$/), fc.constantFrom(" ", "\t"))
      .map(([text, space]) => `${text}${space}${text}`),
  ),
  PROXY_PURGE_URLS: fc
    .tuple(fc.array(fc.webUrl(), { maxLength: 3 }), fc.oneof(notAUrl, otherSchemeUrl(["http", "https"])))
    .map(([good, bad]) => [...good, bad].join(","))
    .filter((value) => !value.includes("\n")),
  HEALTH_CONTENT_GRACE_SECONDS: notADecimal,
  HEALTH_DETAIL_ADDRESSES: fc.oneof(
    fc.constantFrom("localhost", "127.0.0.1,", "127.0.0.1,example.com", "10.0.0.0/8", "::1, 300.1.2.3"),
    textExcept((value) => value.split(",").every((entry) => /^[\d.:a-fA-F]+$/.test(entry.trim()))),
  ),
  PROXY_PURGE_SECRET: fc.oneof(
    fc.stringMatching(/^[!-~]{1,31}$/),
    fc
      .tuple(fc.stringMatching(/^[!-~]{16,40}$/), fc.constantFrom(" ", "\t", "é"))
      .map(([text, odd]) => `${text}${odd}${text}`),
  ),
  SMTP_URL: fc.oneof(notAUrl, otherSchemeUrl(["smtp", "smtps"])),
  CONTACT_FROM: textExcept((value) => /^(?:[^\s@<>]+@[^\s@<>]+|[^<>]*<[^\s@<>]+@[^\s@<>]+>)$/.test(value)),
  CONTACT_SMTP_TIMEOUT_MS: fc.oneof(notAnInteger, integerAbove(2_147_483_647), fc.constant("0")),
  CONTACT_SMTP_REPLY_TIMEOUT_MS: fc.oneof(notAnInteger, integerAbove(2_147_483_647), fc.constant("0")),
  CONTACT_RATE_LIMIT: fc.oneof(
    textExcept((value) => /^\d{1,4}\/\d{1,6}$/.test(value)),
    fc.constantFrom("10000/60", "5/1000000", "5", "5/", "/600", "five/600"),
  ),
  CONTACT_MIN_FILL_MS: notADecimal,
  CONSENT_RETENTION_DAYS: fc.oneof(notAnInteger, integerAbove(3650), fc.constant("0")),
  CONSENT_STORE_MAX_MB: fc.oneof(notAnInteger, integerAbove(1_048_576), fc.constant("0")),
  CONSENT_RATE_LIMIT: fc.oneof(
    textExcept((value) => /^\d{1,4}\/\d{1,6}$/.test(value)),
    fc.constantFrom("10000/60", "20", "/600"),
  ),
  TRUST_PROXY: fc.oneof(
    textExcept((value) => value === "true" || value === "false" || /^\d$/.test(value)),
    fc.constant("10"),
  ),
};

/** Variables that take any text (paths, prefixes, tokens). */
const ANY_TEXT: Array<keyof Env> = [
  "REDIS_KEY_PREFIX",
  "PRISMIC_ACCESS_TOKEN",
  "PRISMIC_WEBHOOK_SECRET",
  "NEXT_DIST_DIR",
  "CONTENT_DIR",
  "CONTACT_OUTBOX_DIR",
  "CONSENT_STORE_DIR",
];

const SECRETS: Array<keyof Env> = [
  "REDIS_URL",
  "PRISMIC_ACCESS_TOKEN",
  "PRISMIC_WEBHOOK_SECRET",
  "CONTENT_PREVIEW_SECRET",
  "PROXY_PURGE_SECRET",
  "NEXT_SERVER_ACTIONS_ENCRYPTION_KEY",
  "METRICS_TOKEN",
  "SMTP_URL",
];

describe("lib/env/env.ts", () => {
  it("has defaults for everything: the site runs with no variable set", () => {
    expect(parseEnv({})).toEqual({
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      HOST: "127.0.0.1",
      PORT: 3000,
      SHUTDOWN_TIMEOUT_MS: 25_000,
      REDIS_KEY_PREFIX: "site",
      NEXT_PUBLIC_SITE_URL: "http://127.0.0.1:3000",
      PRISMIC_REQUEST_TIMEOUT_MS: 10_000,
      PUBLISH_RENDER_CONCURRENCY: 2,
      PRERENDER_WORKS: 24,
      NEXT_DIST_DIR: ".next",
      CONTENT_DIR: "content",
      PROXY_PURGE_URLS: [],
      HEALTH_CONTENT_GRACE_SECONDS: 60,
      HEALTH_DETAIL_ADDRESSES: ["127.0.0.1", "::1"],
      CONTACT_OUTBOX_DIR: ".outbox",
      CONTACT_SMTP_TIMEOUT_MS: 10_000,
      CONTACT_SMTP_REPLY_TIMEOUT_MS: 600_000,
      CONTACT_RATE_LIMIT: { max: 5, windowMs: 600_000 },
      CONTACT_MIN_FILL_MS: 3000,
      CONSENT_STORE_DIR: ".consent-records",
      CONSENT_RETENTION_DAYS: 760,
      CONSENT_STORE_MAX_MB: 1024,
      CONSENT_RATE_LIMIT: { max: 20, windowMs: 600_000 },
      TRUST_PROXY: 0,
    });
  });

  it("takes an empty or blank value for unset, and trims the others", () => {
    const blanks = Object.fromEntries(ENV_KEYS.map((key, index) => [key, ["", " ", "\t\n"][index % 3]]));
    expect(parseEnv(blanks)).toEqual(parseEnv({}));
    expect(
      parseEnv({ PRERENDER_WORKS: " 7 ", CONTENT_DIR: " repo ", PRISMIC_ENDPOINT: " http://h/api/v2 " }),
    ).toMatchObject({
      PRERENDER_WORKS: 7,
      CONTENT_DIR: "repo",
      PRISMIC_ENDPOINT: "http://h/api/v2",
    });
  });

  it("keeps today's accepted ranges", () => {
    expect(parseEnv({ PRERENDER_WORKS: "0" }).PRERENDER_WORKS).toBe(0);
    expect(parseEnv({ PRERENDER_WORKS: "100" }).PRERENDER_WORKS).toBe(100);
    expect(parseEnv({ PORT: "0" }).PORT).toBe(0);
    expect(parseEnv({ PORT: "65535" }).PORT).toBe(65_535);
    expect(parseEnv({ HEALTH_CONTENT_GRACE_SECONDS: "2.5" }).HEALTH_CONTENT_GRACE_SECONDS).toBe(2.5);
    expect(parseEnv({ HEALTH_CONTENT_GRACE_SECONDS: "0" }).HEALTH_CONTENT_GRACE_SECONDS).toBe(0);
    expect(parseEnv({ CONTACT_MIN_FILL_MS: "0" }).CONTACT_MIN_FILL_MS).toBe(0);
    expect(parseEnv({ CONTACT_MIN_FILL_MS: "1500.5" }).CONTACT_MIN_FILL_MS).toBe(1500.5);
    expect(parseEnv({ CONTACT_RATE_LIMIT: "3/60" }).CONTACT_RATE_LIMIT).toEqual({ max: 3, windowMs: 60_000 });
    // As before: a count or a window of 0 is taken as 1.
    expect(parseEnv({ CONTACT_RATE_LIMIT: "0/0" }).CONTACT_RATE_LIMIT).toEqual({ max: 1, windowMs: 1000 });
    expect(parseEnv({ CONTACT_RATE_LIMIT: "9999/999999" }).CONTACT_RATE_LIMIT).toEqual({
      max: 9999,
      windowMs: 999_999_000,
    });
    for (const [value, hops] of [
      ["true", 1],
      ["false", 0],
      ["0", 0],
      ["1", 1],
      ["9", 9],
    ] as const)
      expect(parseEnv({ TRUST_PROXY: value }).TRUST_PROXY).toBe(hops);
    expect(parseEnv({ NEXT_PUBLIC_SITE_URL: "https://vifargent.example/fr/" }).NEXT_PUBLIC_SITE_URL).toBe(
      "https://vifargent.example",
    );
    expect(parseEnv({ NEXT_PUBLIC_GA_MEASUREMENT_ID: " G-ABC123XYZ " }).NEXT_PUBLIC_GA_MEASUREMENT_ID).toBe(
      "G-ABC123XYZ",
    );
    expect(
      parseEnv({ PROXY_PURGE_URLS: "http://10.0.0.5/purge-all, https://10.0.0.6/purge-all" })
        .PROXY_PURGE_URLS,
    ).toEqual(["http://10.0.0.5/purge-all", "https://10.0.0.6/purge-all"]);
    const key = Buffer.alloc(32, 7).toString("base64");
    expect(parseEnv({ NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: key }).NEXT_SERVER_ACTIONS_ENCRYPTION_KEY).toBe(
      key,
    );
    expect(parseEnv({ CONTACT_FROM: "Studio <hello@studio.test>" }).CONTACT_FROM).toBe(
      "Studio <hello@studio.test>",
    );
    expect(parseEnv({ REDIS_URL: "redis://:pw@10.0.0.7:6379/2" }).REDIS_URL).toBe(
      "redis://:pw@10.0.0.7:6379/2",
    );
    expect(parseEnv({ SMTP_URL: "smtps://u:p@mail.test:465" }).SMTP_URL).toBe("smtps://u:p@mail.test:465");
    expect(parseEnv({ HOST: "::" }).HOST).toBe("::");
    expect(parseEnv({ LOG_FORMAT: "json", LOG_LEVEL: "silent" })).toMatchObject({
      LOG_FORMAT: "json",
      LOG_LEVEL: "silent",
    });
  });

  it("stops with one line naming the variable, the value's problem and what it expects", () => {
    expect(failure({ PRERENDER_WORKS: "abc" }).message).toBe(
      'Invalid environment: PRERENDER_WORKS="abc" is not an integer; expected 0-100',
    );
    expect(failure({ PRERENDER_WORKS: "101" }).message).toBe(
      'Invalid environment: PRERENDER_WORKS="101" is out of range; expected 0-100',
    );
    expect(failure({ CONTACT_RATE_LIMIT: "lots" }).message).toBe(
      'Invalid environment: CONTACT_RATE_LIMIT="lots" is not "<count>/<seconds>"; expected <count>/<seconds>, at most 9999/999999, such as 5/600',
    );
    expect(failure({ LOG_FORMAT: "yaml" }).message).toBe(
      'Invalid environment: LOG_FORMAT="yaml" is not one of the choices; expected json, pretty',
    );
  });

  it("names every invalid variable in the one line", () => {
    const error = failure({ PORT: "http", TRUST_PROXY: "yes", CONTENT_DIR: "fine" });
    expect(error.variables).toEqual(["PORT", "TRUST_PROXY"]);
    expect(error.message).toBe(
      'Invalid environment: PORT="http" is not an integer; expected 0-65535. TRUST_PROXY="yes" is not a number of proxies; expected true (one proxy), false, or 0-9',
    );
  });

  it("refuses every variable's bad values with one line naming it", () => {
    for (const [key, bad] of Object.entries(BAD) as Array<[keyof Env, fc.Arbitrary<string>]>) {
      fc.assert(
        fc.property(bad, (value) => {
          const error = failure({ [key]: value });
          expect(error.variables).toEqual([key]);
          expect(error.message).not.toMatch(/[\r\n]/);
          expect(error.message.startsWith(`Invalid environment: ${key}=`)).toBe(true);
          expect(error.message).toMatch(/^Invalid environment: [A-Z_]+=\S.* [a-z][^;]*; expected [^;]+$/);
          if (SECRETS.includes(key)) {
            expect(error.message).toContain(`${key}=(hidden, ${value.trim().length} characters)`);
          } else {
            expect(error.message).toContain(`${key}=${JSON.stringify(value.trim()).slice(0, 40)}`);
          }
        }),
        { numRuns: 60 },
      );
    }
  });

  it("never shows a secret's value", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SECRETS),
        fc.stringMatching(/^[A-Za-z0-9:/@.]{12,40}$/),
        (key, secret) => {
          const value = key === "NEXT_SERVER_ACTIONS_ENCRYPTION_KEY" ? `${secret}!` : `nope ${secret}`;
          let message = "";
          try {
            parseEnv({ [key]: value });
          } catch (error) {
            message = (error as Error).message;
          }
          // The text variables take anything: nothing to show then.
          if (message) expect(message).not.toContain(secret);
        },
      ),
    );
  });

  it("takes any text where any text will do", () => {
    for (const key of ANY_TEXT) {
      fc.assert(
        fc.property(
          fc.string({ minLength: 1 }).filter((value) => !blank(value)),
          (value) => {
            expect(parseEnv({ [key]: value })[key]).toBe(value.trim());
          },
        ),
        { numRuns: 30 },
      );
    }
  });

  it("covers every variable in these tests", () => {
    expect([...Object.keys(BAD), ...ANY_TEXT].sort()).toEqual([...ENV_KEYS].sort());
  });

  it("shares the start-time variables with the plain-JavaScript twin", () => {
    const start = parseStartEnv({ PORT: "8080", REDIS_KEY_PREFIX: " a " });
    expect(start).toEqual({
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      HOST: "127.0.0.1",
      PORT: 8080,
      SHUTDOWN_TIMEOUT_MS: 25_000,
      NEXT_DIST_DIR: ".next",
      REDIS_KEY_PREFIX: "a",
      TRUST_PROXY: 0,
    });
    expect(parseEnv({ PORT: "8080", REDIS_KEY_PREFIX: " a " })).toMatchObject(start);
    expect(() => parseStartEnv({ PORT: "x" })).toThrow(
      'Invalid environment: PORT="x" is not an integer; expected 0-65535',
    );
  });

  it("logs a line per request unless a proxy in front does, or ACCESS_LOG says", () => {
    expect(accessLogOn(parseStartEnv({}))).toBe(true);
    expect(accessLogOn(parseStartEnv({ TRUST_PROXY: "1" }))).toBe(false);
    expect(accessLogOn(parseStartEnv({ TRUST_PROXY: "1", ACCESS_LOG: "on" }))).toBe(true);
    expect(accessLogOn(parseStartEnv({ ACCESS_LOG: "off" }))).toBe(false);
  });
});
