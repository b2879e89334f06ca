import { execFile } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { checkOutboxWritable } from "@/features/contact";
import {
  exitUnlessStartable,
  provideStartChecks,
  startChecksFrom,
  startRefusal,
} from "@/server/start-check.mjs";
import { OUTBOX_FAULTS } from "@/test-support/outbox-faults";

/**
 * npm start stops before listening, with one log line and exit code 1, when the contact outbox
 * cannot be written: every message is written there before it is sent, so such an instance would
 * refuse every visitor's message while its health check said 200.
 */

const ROOT = path.resolve(__dirname, "..");

let base: string;
beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), "start-check-"));
});
afterEach(() => {
  try {
    chmodSync(path.join(base, "outbox"), 0o700);
  } catch {
    // Not there, or not a folder.
  }
  rmSync(base, { recursive: true, force: true });
});

describe("the decision", () => {
  test("a folder that can be written, or made: no refusal (a missing one is created)", async () => {
    const dir = path.join(base, "state", "outbox");
    await expect(startRefusal({ contactOutbox: () => checkOutboxWritable(dir) })).resolves.toBeUndefined();
    expect(existsSync(dir)).toBe(true);
  });

  test.each(OUTBOX_FAULTS)("%s: a refusal naming the folder, the error and what to do", async (_, make) => {
    const dir = make(base);
    const refusal = await startRefusal({ contactOutbox: () => checkOutboxWritable(dir) });
    expect(refusal).toMatch(
      new RegExp(
        `^Not starting: the contact outbox ${dir.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} cannot be written \\(E[A-Z]+ `,
      ),
    );
    expect(refusal).toContain("Make the folder writable by this user, or set CONTACT_OUTBOX_DIR");
    expect(refusal).not.toContain("\n");
  });

  test("a refusal is logged as one fatal line, then exit 1; otherwise nothing", async () => {
    const logged: string[] = [];
    const exits: number[] = [];
    const outcome = {
      log: { fatal: (line: string) => logged.push(line) },
      exit: (code: number) => exits.push(code),
    };
    await exitUnlessStartable({ contactOutbox: async () => undefined }, outcome);
    expect([logged, exits]).toEqual([[], []]);
    await exitUnlessStartable(
      { contactOutbox: () => Promise.reject(new Error("the contact outbox /x cannot be written (EROFS)")) },
      outcome,
    );
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^Not starting: the contact outbox \/x cannot be written \(EROFS\)\. /);
    expect(exits).toEqual([1]);
  });
});

describe("the hand-over from instrumentation.ts", () => {
  test("checks provided before or after npm start asks reach it", async () => {
    const checks = { contactOutbox: async () => undefined };
    const early = {};
    provideStartChecks(early, checks);
    await expect(startChecksFrom(early)).resolves.toBe(checks);
    const late = {};
    const asked = startChecksFrom(late, 1000);
    provideStartChecks(late, checks);
    await expect(asked).resolves.toBe(checks);
  });

  test("never provided: an error that says so (a build older than this server)", async () => {
    await expect(startChecksFrom({}, 20)).rejects.toThrow(
      "instrumentation.ts never provided the start checks: is the build current?",
    );
  });
});

/**
 * A real process runs what npm start runs of it: the contact feature's check handed over as
 * instrumentation.ts hands it (on CONTACT_OUTBOX_DIR, read by the feature), then server/main.mjs's
 * step before listening, with the site's logger and process.exit. (npm start itself needs a build:
 * e2e/contact-outbox.spec.ts starts it.)
 */
function startWith(outbox: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const script = path.join(base, "start.mts");
  writeFileSync(
    script,
    `import { checkOutboxWritable, outboxDir } from ${JSON.stringify(path.join(ROOT, "features/contact/outbox.ts"))};
import { logger } from ${JSON.stringify(path.join(ROOT, "lib/log/logger.mjs"))};
import { exitUnlessStartable, provideStartChecks, startChecksFrom } from ${JSON.stringify(path.join(ROOT, "server/start-check.mjs"))};
const dir = outboxDir();
provideStartChecks(globalThis, { contactOutbox: () => checkOutboxWritable(dir) });
await exitUnlessStartable(await startChecksFrom(globalThis), { log: logger, exit: (code) => process.exit(code) });
logger.info("listening");
`,
  );
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => ["PATH", "HOME", "TMPDIR"].includes(name)),
  );
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", script],
      {
        cwd: ROOT,
        env: { ...env, NODE_ENV: "production", LOG_FORMAT: "json", CONTACT_OUTBOX_DIR: outbox },
        timeout: 60_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

describe("a process starting", () => {
  test("with an outbox it can write: goes on", async () => {
    const result = await startWith(path.join(base, "outbox"));
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    expect(
      result.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line).msg),
    ).toEqual(["listening"]);
  }, 60_000);

  test("with one it cannot: one fatal line, exit 1", async () => {
    writeFileSync(path.join(base, "file"), "");
    const outbox = path.join(base, "file", "outbox");
    const result = await startWith(outbox);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("");
    const lines = result.stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]);
    expect(line.level).toBe("fatal");
    expect(line.msg).toBe(
      `Not starting: the contact outbox ${outbox} cannot be written (ENOTDIR ENOTDIR: not a directory, mkdir '${outbox}'). ` +
        "Every contact message is written there before it is sent, so each visitor's message would be refused. " +
        "Make the folder writable by this user, or set CONTACT_OUTBOX_DIR to one that is " +
        "(deploy/systemd/site@.service gives /var/lib/site/outbox).",
    );
    expect(line.err).toBeUndefined();
  }, 60_000);
});
