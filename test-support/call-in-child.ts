/**
 * Runs one async function of the project in a process of its own, for tests that kill the process
 * while the call is under way: `node --import tsx test-support/call-in-child.ts '<job JSON>'`, from
 * the project's root (see ./spawn-call.ts). The module is imported first and "ready" written, then
 * the call starts on a line "go" on stdin, so that a kill's delay counts from the call, not from the
 * start-up. Its result is written as one JSON line; the process then stays as long as what the call
 * left running (a send that goes on after its caller was answered). The module is named by path at
 * run time: the test decides what runs, this file depends on nothing of the site.
 */
import { createInterface } from "node:readline";

export interface ChildCall {
  /** Absolute path of the module. */
  module: string;
  /** The exported function. */
  name: string;
  /** Its arguments, as JSON (a Date arrives as its ISO string). */
  args: unknown[];
  /** Pass a logger ({ info, warn, error }, lines to stderr) as the last argument. */
  logger?: boolean;
}

const call = JSON.parse(process.argv[2] ?? "") as ChildCall;
const line = (text: string) => void process.stderr.write(`${text}\n`);

async function main() {
  const loaded = (await import(call.module)) as Record<string, unknown>;
  const run = loaded[call.name];
  if (typeof run !== "function") throw new TypeError(`${call.module} exports no function ${call.name}`);
  const input = createInterface({ input: process.stdin });
  input.once("line", (command) => {
    input.close();
    if (command !== "go") return;
    const args = call.logger ? [...call.args, { info: line, warn: line, error: line }] : call.args;
    Promise.resolve((run as (...values: unknown[]) => unknown)(...args)).then(
      (result) => process.stdout.write(`${JSON.stringify(result)}\n`),
      (error: unknown) => {
        line(`failed: ${String(error)}`);
        process.exitCode = 1;
      },
    );
  });
  process.stdout.write("ready\n");
}

main().catch((error: unknown) => {
  line(`failed: ${String(error)}`);
  process.exit(1);
});
