// @ts-check
/**
 * The front's decision on a request's body, for every POST to a page (a Server Action, or a form
 * posted without JavaScript), before Next reads a byte of it: over PAGE_BODY_LIMIT it is refused
 * with a 413 page in the visitor's language (./body-refusal.mjs), rather than reaching Next, whose
 * own limit answered a 500 with two stack traces in the log. Only a handler that reads its body with
 * its own bound is left to it (`bodyUse` in lib/routing/outside-paths.mjs: the webhook, 512 kB);
 * everything else is held to the page limit, /slice-simulator too, which is a page.
 *
 * A body without Content-Length (chunked) is refused with 411: its size is known only once read,
 * and a body the front has read could no longer be handed to Next. Browsers send Content-Length
 * with every form and every fetch of one (and nginx, which buffers bodies, with every request), so
 * only a hand-made client ever meets it.
 *
 * Pure: the decision, from the method, the path as the front decided it, and the headers.
 */
import { PAGE_BODY_LIMIT } from "../lib/net/body-limits.mjs";
import { bodyUse } from "../lib/routing/outside-paths.mjs";

export { PAGE_BODY_LIMIT };

/**
 * How much of a refused body the front reads (and discards) before answering: a client that is
 * still sending when the connection closes may see a reset instead of the answer, and nginx, which
 * passes bodies up to its own 2 MB, counts such a reset as a failed instance (a 502). Past this,
 * the answer goes at once and the connection closes.
 */
export const DRAIN_LIMIT = 4 * 1024 * 1024;

/**
 * @typedef {{ action: "pass" }
 *   | { action: "refuse"; status: 411 | 413; drainBytes: number }} BodyDecision
 *   `drainBytes`: how much of the body to read and discard before answering (0: answer at once)
 */

/** @type {BodyDecision} */
const PASS = { action: "pass" };

/**
 * @param {{ method: string; path: string; headers: import("node:http").IncomingHttpHeaders }} request
 *   `path`: the target's path as the front decided it
 * @param {number} [limit]
 * @returns {BodyDecision}
 */
export function decidePageBody({ method, path, headers }, limit = PAGE_BODY_LIMIT) {
  if (method !== "POST" || bodyUse(path) === "own") return PASS;
  const length = headers["content-length"];
  if (length === undefined)
    return headers["transfer-encoding"] === undefined
      ? PASS
      : { action: "refuse", status: 411, drainBytes: DRAIN_LIMIT };
  // Node's parser lets through only digits here; anything else is no size the front can trust.
  const bytes = /^\d{1,15}$/.test(length) ? Number(length) : Number.POSITIVE_INFINITY;
  if (bytes <= limit) return PASS;
  return { action: "refuse", status: 413, drainBytes: bytes <= DRAIN_LIMIT ? bytes : 0 };
}
