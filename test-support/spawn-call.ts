/**
 * Runs one call in a child process (./call-in-child.ts) that a test can kill at the moment it
 * chooses. The child is node itself with tsx's loader, not tsx's command (which runs the script in
 * a second process): the pid the call records (a lease names it) is the one killed here, and this
 * process reaps it.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";

import type { ChildCall } from "./call-in-child";

const ROOT = path.resolve(__dirname, "..");

export interface CallChild<Result> {
  pid: number;
  /** Resolves once the child has loaded the module and waits for "go". */
  ready: Promise<void>;
  /** Starts the call. */
  go(): void;
  /** The call's result, or null when the child ended without giving one. */
  result: Promise<Result | null>;
  /** Resolves when the child has ended and was reaped (its pid no longer runs). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends a signal, when the child still runs. */
  kill(signal: NodeJS.Signals): void;
  /** The child's log lines (stderr). */
  log: string[];
}

export function spawnCall<Result>(call: ChildCall): CallChild<Result> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "test-support/call-in-child.ts", JSON.stringify(call)],
    { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] },
  );
  if (child.pid === undefined) throw new Error("spawnCall: the child did not start");
  const log: string[] = [];
  createInterface({ input: child.stderr }).on("line", (line) => log.push(line));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  let settle: (value: Result | null) => void = () => undefined;
  const result = new Promise<Result | null>((resolve) => (settle = resolve));
  void exited.then(() => settle(null));
  const ready = new Promise<void>((resolve, reject) => {
    void exited.then(() => reject(new Error(`the child ended before it was ready:\n${log.join("\n")}`)));
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (line === "ready") resolve();
      else settle(JSON.parse(line) as Result);
    });
  });
  // Reported to whoever awaits it; a child never awaited is not an unhandled rejection.
  ready.catch(() => undefined);
  return {
    pid: child.pid,
    ready,
    go: () => child.stdin.end("go\n"),
    result,
    exited,
    kill: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
    log,
  };
}
