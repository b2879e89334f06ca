// @ts-check
/**
 * A look at something outside the process (a folder, a disk) taken when the metrics are scraped,
 * which can neither fail nor stall the scrape: its outcome is a value, never a rejection, and a look
 * that has not answered within its deadline counts as failed (an NFS mount that hangs, a disk that
 * stopped answering). Only one look runs at a time: scrapes that come while one hangs share it
 * rather than stack up behind it. A change of outcome is logged once (failing, then fine again),
 * so the metric's 0 has its reason in the log without a line per scrape.
 */

/**
 * @template T
 * @typedef {{ ok: true; value: T } | { ok: false; reason: string }} ProbeOutcome
 */

/**
 * An error's message on one line (read as a field: an error made in another realm, as Node's fs
 * errors are under a test runner, is no `instanceof Error` here).
 * @param {unknown} error
 */
export function reasonOf(error) {
  const message = /** @type {{ message?: unknown } | null | undefined} */ (error)?.message;
  const text = typeof message === "string" ? message : String(error);
  return text.replace(/\s+/g, " ").trim().slice(0, 300);
}

/**
 * @template T
 * @param {() => Promise<T>} look what is looked at (read through a getter: hooks are set after the metrics)
 * @param {{ timeoutMs: number; what: string; log: { warn(message: string): void; info(message: string): void } }} options
 *   `what` names it in the log ("reading the contact outbox")
 * @returns {() => Promise<ProbeOutcome<T>>}
 */
export function scrapeProbe(look, { timeoutMs, what, log }) {
  /** @type {Promise<ProbeOutcome<T>> | undefined} */
  let running;
  let failing = false;

  /** @param {ProbeOutcome<T>} outcome */
  function report(outcome) {
    if (!outcome.ok && !failing) log.warn(`[metrics] ${what} failed: ${outcome.reason}`);
    else if (outcome.ok && failing) log.info(`[metrics] ${what} works again`);
    failing = !outcome.ok;
    return outcome;
  }

  return async function probe() {
    running ??= Promise.resolve()
      .then(look)
      .then(
        (value) => /** @type {ProbeOutcome<T>} */ ({ ok: true, value }),
        (error) => /** @type {ProbeOutcome<T>} */ ({ ok: false, reason: reasonOf(error) }),
      )
      .finally(() => (running = undefined));
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    /** @type {Promise<ProbeOutcome<T>>} */
    const late = new Promise((resolve) => {
      timer = setTimeout(() => resolve({ ok: false, reason: `no answer within ${timeoutMs} ms` }), timeoutMs);
      timer.unref();
    });
    try {
      return report(await Promise.race([running, late]));
    } finally {
      clearTimeout(timer);
    }
  };
}
