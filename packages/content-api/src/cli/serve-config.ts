import path from "node:path";

/**
 * content-api-serve's settings, read from its environment (the CLI's own; the library
 * takes everything as arguments). A bad value is a ConfigError naming the variable.
 */

export interface ServeConfig {
  /** CONTENT_DIR, default ./content, resolved against the working directory. */
  dir: string;
  /** CONTENT_HOST, default 127.0.0.1: loopback unless asked otherwise. */
  host: string;
  /** CONTENT_PORT, default 3001; 0 takes any free port. */
  port: number;
  /** CONTENT_ACCESS_TOKEN: when set, the repository is private. */
  accessToken: string | undefined;
  /** CONTENT_PREVIEW_SECRET: what release refs are derived from; unset, releases cannot be previewed. */
  previewSecret: string | undefined;
  /** CONTENT_EXIT_ON_STDIN_END=1: stop when standard input closes (a parent test runner went away). */
  exitOnStdinEnd: boolean;
}

export class ConfigError extends Error {
  /** `raw` is quoted as JSON so the message stays one line; leave it out for secrets. */
  constructor(name: string, expected: string, raw?: string) {
    super(`${name} must be ${expected}${raw === undefined ? "" : `, got ${JSON.stringify(raw)}`}`);
    this.name = "ConfigError";
  }
}

type Env = Record<string, string | undefined>;

/** An empty variable counts as unset, as in .env files. */
function read(env: Env, name: string): string | undefined {
  return env[name] === "" ? undefined : env[name];
}

function port(env: Env): number {
  const raw = read(env, "CONTENT_PORT") ?? "3001";
  if (!/^\d{1,5}$/.test(raw) || Number(raw) > 65535) {
    throw new ConfigError("CONTENT_PORT", "a port number (0-65535)", raw);
  }
  return Number(raw);
}

function host(env: Env): string {
  const raw = read(env, "CONTENT_HOST") ?? "127.0.0.1";
  if (!/^[A-Za-z0-9._:%-]+$/.test(raw))
    throw new ConfigError("CONTENT_HOST", "a host name or IP address", raw);
  return raw;
}

function accessToken(env: Env): string | undefined {
  const raw = read(env, "CONTENT_ACCESS_TOKEN");
  // A pasted token with a stray space would lock every client out without saying why.
  if (raw !== undefined && raw.trim() !== raw) {
    throw new ConfigError("CONTENT_ACCESS_TOKEN", "a token without surrounding spaces");
  }
  return raw;
}

/** The least length of a preview secret: 32 characters (e.g. `openssl rand -base64 32`). */
export const PREVIEW_SECRET_MIN_LENGTH = 32;

function previewSecret(env: Env): string | undefined {
  const raw = read(env, "CONTENT_PREVIEW_SECRET");
  if (raw !== undefined && (raw.length < PREVIEW_SECRET_MIN_LENGTH || raw.trim() !== raw)) {
    throw new ConfigError(
      "CONTENT_PREVIEW_SECRET",
      `at least ${PREVIEW_SECRET_MIN_LENGTH} characters without surrounding spaces (openssl rand -base64 32)`,
    );
  }
  return raw;
}

function exitOnStdinEnd(env: Env): boolean {
  const raw = read(env, "CONTENT_EXIT_ON_STDIN_END") ?? "0";
  if (raw !== "0" && raw !== "1") throw new ConfigError("CONTENT_EXIT_ON_STDIN_END", "1 or 0", raw);
  return raw === "1";
}

export function serveConfig(env: Env, cwd: string): ServeConfig {
  return {
    dir: path.resolve(cwd, read(env, "CONTENT_DIR") ?? "content"),
    host: host(env),
    port: port(env),
    accessToken: accessToken(env),
    previewSecret: previewSecret(env),
    exitOnStdinEnd: exitOnStdinEnd(env),
  };
}
