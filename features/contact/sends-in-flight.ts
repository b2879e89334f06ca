/**
 * The contact sends under way in this process, so that a server that is stopping waits for them:
 * a send cut off after the mail server had the message leaves it queued, and the next flush would
 * deliver it twice. Kept on globalThis: the Server Action that starts a send and
 * instrumentation.ts, which hands the wait to `npm start`'s shutdown (server/main.mjs), are
 * separate bundles with separate module instances.
 */
const KEY = Symbol.for("site.contact-sends-in-flight");

function inFlight(): Set<Promise<unknown>> {
  const holder = globalThis as { [KEY]?: Set<Promise<unknown>> };
  return (holder[KEY] ??= new Set());
}

/** Counts `send` as under way until it settles; returns it. */
export function trackSend<T>(send: Promise<T>): Promise<T> {
  const sends = inFlight();
  sends.add(send);
  const done = () => sends.delete(send);
  send.then(done, done);
  return send;
}

/** How many sends are under way now. */
export function sendsInFlight(): number {
  return inFlight().size;
}

/**
 * Resolves once the sends under way now (and any started meanwhile) have settled, or after
 * `timeoutMs`: true when they all did.
 */
export async function sendsSettled(timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let timer: NodeJS.Timeout | undefined;
  try {
    while (inFlight().size > 0) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), left)));
      if ((await Promise.race([Promise.allSettled([...inFlight()]), late])) === "late") return false;
      clearTimeout(timer);
    }
    return true;
  } finally {
    clearTimeout(timer);
  }
}
