// @ts-check
/**
 * What `npm start` checks once Next has loaded and before it listens: that the contact outbox can
 * be written. Every contact message is written there before it is sent (features/contact: it is the
 * store of record until delivery), so an instance that cannot write it would refuse every
 * visitor's message while looking healthy; it stops instead, with one log line that names the
 * folder and the error, and exit code 1 (systemd shows it, and retries).
 *
 * Why here and not in instrumentation.ts's register(): in production Next runs register() without
 * waiting for it (app.prepare() resolves first), and a throw there only makes every request answer
 * 500 while the server listens. The check itself is the contact feature's (TypeScript, compiled only
 * by Next's build): instrumentation.ts hands it over, as it does the request rules.
 */
import { reasonOf } from "../lib/metrics/scrape-probe.mjs";
import { handoffFrom, provideHandoff } from "./handoff.mjs";

/**
 * @typedef {object} StartChecks What instrumentation.ts hands over.
 * @property {() => Promise<void>} contactOutbox rejects with a sentence naming the folder and the
 *   error when a message could not be written into the outbox (features/contact's checkOutboxWritable)
 */

const START_CHECKS_KEY = Symbol.for("site.start-checks");

/**
 * Gives the checks to whoever waits for them (startChecksFrom), or leaves them for a later ask.
 * @param {object} scope globalThis @param {StartChecks} checks
 */
export function provideStartChecks(scope, checks) {
  provideHandoff(scope, START_CHECKS_KEY, checks);
}

/**
 * The checks instrumentation.ts provides, or an error past `timeoutMs` that says so.
 * @param {object} scope globalThis @param {number} [timeoutMs]
 * @returns {Promise<StartChecks>}
 */
export function startChecksFrom(scope, timeoutMs = 60_000) {
  return handoffFrom(scope, START_CHECKS_KEY, {
    isReady: /** @returns {value is StartChecks} */ (value) =>
      typeof (/** @type {Partial<StartChecks> | undefined} */ (value)?.contactOutbox) === "function",
    missing: "instrumentation.ts never provided the start checks: is the build current?",
    timeoutMs,
  });
}

/**
 * Why this instance must not start, as its one log line, or undefined when it may.
 * @param {StartChecks} checks
 * @returns {Promise<string | undefined>}
 */
export async function startRefusal(checks) {
  try {
    await checks.contactOutbox();
    return undefined;
  } catch (error) {
    const problem = reasonOf(error);
    return (
      `Not starting: ${problem}. Every contact message is written there before it is sent, so each ` +
      "visitor's message would be refused. Make the folder writable by this user, or set " +
      "CONTACT_OUTBOX_DIR to one that is (deploy/systemd/site@.service gives /var/lib/site/outbox)."
    );
  }
}

/**
 * Runs the checks; on a refusal logs its line (fatal) and exits 1.
 * @param {StartChecks} checks
 * @param {{ log: { fatal(message: string): void }; exit: (code: number) => void }} process
 */
export async function exitUnlessStartable(checks, { log, exit }) {
  const refusal = await startRefusal(checks);
  if (refusal === undefined) return;
  log.fatal(refusal);
  exit(1);
}
