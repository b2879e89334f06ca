// @ts-check
/**
 * What a stopping `npm start` waits for once every request is answered: work the site goes on with
 * after its answer, the contact messages still being sent (features/contact: a visitor is told
 * "received" after a bounded wait while the mail server takes its time). Cut off after the server
 * had the message, a send leaves it queued, and the next flush would deliver it twice; so the
 * front waits for it, within the bound the site gives, and a second signal stops at once (the
 * message then stays queued). instrumentation.ts hands the work over (./handoff.mjs).
 */
import { handoffNow, provideHandoff } from "./handoff.mjs";

/**
 * @typedef {object} WorkInFlight
 * @property {() => number} count how many sends are under way
 * @property {() => Promise<boolean>} settled resolves once they have all ended (true), or past the
 *   site's bound for a send (false)
 */

const WORK_KEY = Symbol.for("site.work-in-flight");

/** @param {object} scope globalThis @param {WorkInFlight} work */
export function provideWorkInFlight(scope, work) {
  provideHandoff(scope, WORK_KEY, work);
}

/** @param {unknown} value @returns {value is WorkInFlight} */
function isWork(value) {
  const work = /** @type {Partial<WorkInFlight> | undefined} */ (value);
  return typeof work?.count === "function" && typeof work.settled === "function";
}

/**
 * Waits for the work under way, if any, logging what it waits for and how it ended: `none` when
 * there was none, `finished` when it all ended, `cut` when some was still going past its bound.
 * @param {object} scope globalThis
 * @param {{ info(message: string): void; error(message: string): void }} log
 * @returns {Promise<"none" | "finished" | "cut">}
 */
export async function finishWorkInFlight(scope, log) {
  const work = handoffNow(scope, WORK_KEY, isWork);
  const count = work?.count() ?? 0;
  if (!work || count === 0) return "none";
  log.info(
    `[server] requests done; waiting for ${count} contact message(s) still being sent ` +
      "(a second signal stops now; they stay queued for the next flush)",
  );
  if (await work.settled()) {
    log.info("[server] every contact message under way has been sent or queued");
    return "finished";
  }
  log.error("[server] contact messages still being sent past the send's bound: they stay queued");
  return "cut";
}
