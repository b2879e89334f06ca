import { execFile } from "node:child_process";
import path from "node:path";

/**
 * `npm start` (server/main.mjs) refuses an invalid environment with one line and exit code 1: the
 * start-time variables before Next loads, the others as Next loads next.config.ts (no build needed).
 */

const ROOT = path.resolve(__dirname, "..");

function start(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name === "PATH" || name === "HOME" || name === "TMPDIR"),
  );
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ["server/main.mjs"],
      // A port nobody listens on, should the check ever let the server start.
      {
        cwd: ROOT,
        env: {
          ...base,
          NODE_ENV: "production",
          PORT: "3239",
          HOST: "127.0.0.1",
          NEXT_TELEMETRY_DISABLED: "1",
          ...env,
        },
        timeout: 60_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

describe("npm start with an invalid environment", () => {
  it("stops before Next loads on a start-time variable", async () => {
    const result = await start({ PORT: "http" });
    expect(result).toEqual({
      code: 1,
      stdout: "",
      stderr: 'Invalid environment: PORT="http" is not an integer; expected 0-65535\n',
    });
  });

  it("names every invalid start-time variable, never a secret's value", async () => {
    const result = await start({ SHUTDOWN_TIMEOUT_MS: "0", REDIS_URL: "http://user:hunter2@cache:6379" });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'Invalid environment: SHUTDOWN_TIMEOUT_MS="0" is out of range; expected 1-2147483647 (milliseconds). ' +
        "REDIS_URL=(hidden, 30 characters) is not a redis:// or rediss:// URL; expected a redis:// or rediss:// URL such as redis://[:password@]host:6379[/db]\n",
    );
  }, 30_000);

  it("stops as Next loads its configuration on any other variable", async () => {
    const result = await start({ PRERENDER_WORKS: "abc" });
    expect(result).toEqual({
      code: 1,
      stdout: "",
      stderr: 'Invalid environment: PRERENDER_WORKS="abc" is not an integer; expected 0-100\n',
    });
  }, 60_000);
});
