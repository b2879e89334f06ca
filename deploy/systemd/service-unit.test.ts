import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { sendBoundMs } from "@/features/contact";
import { parseEnv } from "@/lib/env/env";
import { parseStartEnv } from "@/lib/env/runtime-env.mjs";

const UNIT = path.join(__dirname, "site@.service");

/**
 * `systemd-analyze verify` on an instance of the unit (site@3000), as systemd would load it. It
 * exits 0 on unknown keys and bad values and only prints them: any line it prints is a failure.
 */
function verify(unitFile: string): { status: number | null; printed: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "site-unit-"));
  try {
    copyFileSync(unitFile, path.join(dir, "site@.service"));
    const result = spawnSync("systemd-analyze", ["verify", path.join(dir, "site@3000.service")], {
      encoding: "utf8",
    });
    if (result.error) throw new Error(`systemd-analyze: ${result.error.message} (Debian's systemd package)`);
    return { status: result.status, printed: `${result.stdout}${result.stderr}`.trim() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The unit's settings of one key, in order. */
function settings(text: string, key: string): string[] {
  return [...text.matchAll(new RegExp(`^${key}=(.*)$`, "gm"))].map((match) => match[1]);
}

describe("deploy/systemd/site@.service", () => {
  const text = readFileSync(UNIT, "utf8");

  test("systemd-analyze verify prints nothing about it", () => {
    expect(verify(UNIT)).toEqual({ status: 0, printed: "" });
  });

  test("the check fails on what systemd would ignore (an unknown key, a bad value)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "site-unit-bad-"));
    try {
      const broken = path.join(dir, "site@.service");
      writeFileSync(
        broken,
        text.replace("Restart=on-failure", "Restart=on-failure\nRestartOften=yes\nRestartSec=soon"),
      );
      const { printed } = verify(broken);
      expect(printed).toMatch(/Unknown key 'RestartOften'/);
      expect(printed).toMatch(/Failed to parse/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("stops with SIGTERM and waits longer than the server's own shutdown: requests, then contact sends", () => {
    expect(settings(text, "KillSignal")).toEqual(["SIGTERM"]);
    const stopSeconds = Number(settings(text, "TimeoutStopSec")[0]);
    const env = parseEnv({});
    expect(stopSeconds * 1000).toBeGreaterThan(
      parseStartEnv({}).SHUTDOWN_TIMEOUT_MS +
        sendBoundMs({
          timeoutMs: env.CONTACT_SMTP_TIMEOUT_MS,
          replyTimeoutMs: env.CONTACT_SMTP_REPLY_TIMEOUT_MS,
        }),
    );
    expect(settings(text, "Restart")).toEqual(["on-failure"]);
  });

  test("one instance per port, its environment from a file, hardened, writing only Next's caches in the code's folder", () => {
    expect(settings(text, "Environment").join(" ")).toContain("PORT=%i");
    expect(settings(text, "EnvironmentFile")).toEqual(["/etc/site/site.env"]);
    for (const [key, value] of [
      ["NoNewPrivileges", "yes"],
      ["ProtectSystem", "strict"],
      ["PrivateTmp", "yes"],
      ["ProtectHome", "yes"],
    ])
      expect(settings(text, key)).toEqual([value]);
    const writable = settings(text, "ReadWritePaths").join(" ").split(/\s+/);
    // Next's cache and its regenerated pages, in the build; nothing else of the code's folder.
    const workingDirectory = settings(text, "WorkingDirectory")[0];
    expect(writable).toEqual(
      [".next/cache", ".next/server/app"].map((folder) => path.join(workingDirectory, folder)),
    );
  });

  test("the contact outbox is a state directory outside the code, shared by the host's instances, for the site's user alone", () => {
    // One name for every instance (no %i): the instances of a host and the flush share one folder.
    expect(settings(text, "StateDirectory")).toEqual(["site/outbox site/consent"]);
    expect(settings(text, "StateDirectoryMode")).toEqual(["0700"]);
    // CONTACT_OUTBOX_DIR names that folder (%S is /var/lib for a system unit), as the site reads it.
    const assignments = settings(text, "Environment").flatMap((line) => line.split(/\s+/));
    const outbox = assignments.find((assignment) => assignment.startsWith("CONTACT_OUTBOX_DIR="));
    expect(outbox).toBe("CONTACT_OUTBOX_DIR=%S/site/outbox");
    const resolved = outbox!.slice("CONTACT_OUTBOX_DIR=".length).replace("%S", "/var/lib");
    expect(parseEnv({ CONTACT_OUTBOX_DIR: resolved }).CONTACT_OUTBOX_DIR).toBe("/var/lib/site/outbox");
    // The consent records likewise: one folder for every instance, outside the code.
    expect(assignments).toContain("CONSENT_STORE_DIR=%S/site/consent");
    expect(resolved.startsWith(settings(text, "WorkingDirectory")[0])).toBe(false);
  });
});

describe("deploy/systemd/site-outbox-flush.service and .timer", () => {
  const service = readFileSync(path.join(__dirname, "site-outbox-flush.service"), "utf8");
  const timer = readFileSync(path.join(__dirname, "site-outbox-flush.timer"), "utf8");
  const instance = readFileSync(UNIT, "utf8");

  test("systemd-analyze verify prints nothing about either", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "site-flush-unit-"));
    try {
      for (const name of ["site-outbox-flush.service", "site-outbox-flush.timer"])
        copyFileSync(path.join(__dirname, name), path.join(dir, name));
      const result = spawnSync(
        "systemd-analyze",
        ["verify", path.join(dir, "site-outbox-flush.service"), path.join(dir, "site-outbox-flush.timer")],
        { encoding: "utf8" },
      );
      expect({ status: result.status, printed: `${result.stdout}${result.stderr}`.trim() }).toEqual({
        status: 0,
        printed: "",
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("flushes the very outbox the instances write, as the site's user, with the site's environment", () => {
    for (const key of ["StateDirectoryMode", "User", "WorkingDirectory", "EnvironmentFile"])
      expect(settings(service, key)).toEqual(settings(instance, key));
    // The outbox is one of the instances' state directories (the consent records are the other).
    expect(settings(service, "StateDirectory")).toEqual(["site/outbox"]);
    expect(settings(instance, "StateDirectory")[0].split(/\s+/)).toContain("site/outbox");
    const outboxOf = (text: string) =>
      settings(text, "Environment")
        .flatMap((line) => line.split(/\s+/))
        .find((assignment) => assignment.startsWith("CONTACT_OUTBOX_DIR="));
    expect(outboxOf(service)).toBe(outboxOf(instance));
  });

  test("runs npm run outbox:flush's own command, the script under node itself (its signals reach the flush), only with SMTP_URL set", () => {
    const script = JSON.parse(readFileSync(path.join(__dirname, "../../package.json"), "utf8")).scripts[
      "outbox:flush"
    ];
    // (tsx's own command would run the script in a child, which it kills outright when the child
    // does not report a relayed signal within 30 ms: a send under way cut on a busy machine)
    expect(script).toBe("node --import tsx features/contact/outbox-flush.ts");
    expect(settings(service, "ExecStart")).toEqual([`/usr/bin/env ${script}`]);
    expect(settings(service, "ExecCondition")).toEqual([`/bin/sh -c 'test -n "$SMTP_URL"'`]);
    expect(settings(service, "KillSignal")).toEqual(["SIGINT"]);
    // Its first signal lets the send under way finish: systemd waits for that.
    const env = parseEnv({});
    expect(Number(settings(service, "TimeoutStopSec")[0]) * 1000).toBeGreaterThan(
      sendBoundMs({
        timeoutMs: env.CONTACT_SMTP_TIMEOUT_MS,
        replyTimeoutMs: env.CONTACT_SMTP_REPLY_TIMEOUT_MS,
      }),
    );
  });

  test("the timer starts it every few minutes after the last run ended, and after boot", () => {
    expect(settings(timer, "OnUnitInactiveSec")).toEqual(["5min"]);
    expect(settings(timer, "OnBootSec")).toEqual(["2min"]);
    expect(settings(timer, "WantedBy")).toEqual(["timers.target"]);
  });
});
