// @ts-check
/**
 * The head of every HTML page npm start sends, rewritten on its way out (./inline-styles.mjs,
 * ./scripts-after-paint.mjs, ./faces-after-paint.mjs): what a page's first paint waits for is
 * decided in its head, and Next writes the head without a say for the front. Only the head is
 * held; the body streams as Next writes it, without the elements the head's rewrite took over
 * (./body-without.mjs).
 */
import { OutgoingMessage } from "node:http";

import { bodyWithout } from "./body-without.mjs";
import { applyHeaders, ownWrites, splitEnd, toBuffer } from "./compression.mjs";
import { headEnd } from "./head-elements.mjs";

/** The start of a head's end tag, in any case. */
const HEAD_END_START = /<\/head/i;

/** A head's end tag still open at the end of what has come (its `>` may be in the next write). */
const UNCLOSED_HEAD_END = /<\/head\s*$/i;

/** @typedef {{ head: string, bodyWithout?: readonly string[] }} PageRewrite */

const EMPTY = Buffer.alloc(0);

/** A head this long without its end is not a page of the site's: it goes out as it came. */
export const MAX_HEAD_BYTES = 256 * 1024;

/**
 * Makes `response` pass the head of the HTML page it carries through `rewrite`. The head is held
 * until its `</head>` as a parser finds it (./head-elements.mjs: not one in a comment or in a
 * script's text), or the end, or {@link MAX_HEAD_BYTES}, then goes out rewritten; the rest of the
 * page passes as Next writes it, less the elements the rewrite names. Its Content-Length (when
 * Next gave one) is corrected when the whole page was in hand, and dropped when the rest was still
 * to come and may lose bytes (the page then goes out chunked). Install after compressAnswers, so
 * that compression sees the rewritten page.
 * @param {import("node:http").IncomingMessage} request
 * @param {import("node:http").ServerResponse} response
 * @param {{ rewrite: (head: string) => PageRewrite, maxHeadBytes?: number, onError?: (error: unknown) => void }} options
 *   `rewrite`: the page up to its `</head>` (exclusive) in, the same part as it should go out and
 *   the elements the rest must go out without; where it throws, the page goes out as it came and
 *   `onError` hears why
 */
export function rewriteHeads(request, response, { rewrite, maxHeadBytes = MAX_HEAD_BYTES, onError }) {
  const method = request.method ?? "GET";
  const below = ownWrites(response);
  const belowFlush = /** @type {{ flush?: () => void }} */ (response).flush;
  /** @type {"undecided" | "holding" | "passing"} */
  let state = "undecided";
  /** @type {Buffer[]} */
  let held = [];
  /** The status the head was written with: what goes out, as Node would have sent it then. */
  let headStatus = 0;
  let heldBytes = 0;

  /** @returns {"holding" | "passing"} */
  const decide = () => {
    headStatus ||= response.statusCode;
    const html = /^text\/html\s*(?:;|$)/i.test(String(response.getHeader("content-type") ?? ""));
    const encoded = String(response.getHeader("content-encoding") ?? "identity").toLowerCase() !== "identity";
    const status = response.statusCode;
    const bodiless = status === 204 || status === 304 || status < 200;
    if (!html || encoded || bodiless || status === 206 || response.hasHeader("content-range"))
      return "passing";
    if (method === "HEAD") {
      // Its GET's length is not known without its body.
      response.removeHeader("content-length");
      return "passing";
    }
    return "holding";
  };

  /**
   * Where the held part's head ends, in bytes (-1 while it has not). Read one byte to a character
   * (latin1): the markup that decides is ASCII, and the index is then the byte offset, whatever a
   * character cut between two writes or a byte that is not UTF-8.
   */
  const heldHeadEnd = () => headEnd(Buffer.concat(held).toString("latin1"));

  /**
   * The held part's last bytes that the next write may complete an end tag with: a `</head` not
   * yet closed (only spaces after it so far) whole, else the bytes a split `</head` may start with.
   */
  let tail = "";
  /**
   * Whether this write may have brought the head's end: only a write with `</head` in it (in any
   * case, with the bytes before it) is worth reading the held part again for, so a head written in
   * many small pieces is read whole once, not once per piece.
   * @param {Buffer} data
   */
  const mayEndHead = (data) => {
    const seen = tail + data.toString("latin1");
    const open = UNCLOSED_HEAD_END.exec(seen);
    tail = open ? seen.slice(open.index) : seen.slice(-"</head".length + 1);
    return HEAD_END_START.test(seen);
  };

  /** @type {import("./body-without.mjs").BodyEdit | undefined} the rest's edit, once the head is out */
  let bodyEdit;

  /**
   * The held part out, its head rewritten when it holds the whole head, and what of the rest it
   * holds edited.
   * @param {number} end where the head ends in it (-1: not in it)
   * @param {boolean} whole whether it is the whole page (the answer's end has come)
   */
  const release = (end, whole) => {
    const page = Buffer.concat(held);
    let out = page;
    if (end >= 0 && end <= maxHeadBytes) {
      const head = page.subarray(0, end).toString("utf8");
      /** @type {PageRewrite} */
      let rewritten = { head };
      try {
        rewritten = rewrite(head);
      } catch (error) {
        onError?.(error);
      }
      if (rewritten.bodyWithout?.length) bodyEdit = bodyWithout(rewritten.bodyWithout);
      const after = page.subarray(end);
      const edited = bodyEdit ? Buffer.concat([bodyEdit.push(after), whole ? bodyEdit.end() : EMPTY]) : after;
      if (rewritten.head !== head || edited !== after)
        out = Buffer.concat([Buffer.from(rewritten.head, "utf8"), edited]);
    }
    const length = response.getHeader("content-length");
    // (Node's own setHeader: a writer's wrapper, Next's, drops a header once headersSent says so)
    if (length !== undefined && bodyEdit && !whole && !bodyEdit.done())
      removeHeader.call(response, "Content-Length");
    else if (length !== undefined && out !== page)
      setHeader.call(response, "Content-Length", Number(length) + out.length - page.length);
    held = [];
    heldBytes = 0;
    state = "passing";
    below.writeHead(headStatus);
    return out;
  };

  // While the head is held its headers are as good as sent, as Node would have them after a write:
  // a writer that looks (Next does, before setting a header late) must not count on changing them.
  const sent = Object.getOwnPropertyDescriptor(OutgoingMessage.prototype, "headersSent")?.get;
  const { setHeader, removeHeader } = OutgoingMessage.prototype;
  Object.defineProperty(response, "headersSent", {
    configurable: true,
    get: () => state === "holding" || Boolean(sent?.call(response)),
  });

  response.writeHead = /** @type {typeof response.writeHead} */ (
    (/** @type {number} */ status, /** @type {any[]} */ ...rest) => {
      if (state !== "undecided") return state === "passing" ? below.writeHead(status, ...rest) : response;
      const headers = typeof rest[0] === "string" ? rest[1] : rest[0];
      if (typeof rest[0] === "string") response.statusMessage = rest[0];
      response.statusCode = status;
      headStatus = status;
      applyHeaders(response, headers);
      state = decide();
      return state === "passing" ? below.writeHead(status) : response;
    }
  );
  response.flushHeaders = () => {
    if (state === "undecided") state = decide();
    if (state === "passing") below.flushHeaders();
  };
  if (belowFlush)
    Object.assign(response, {
      flush: () => {
        if (state === "passing") belowFlush();
      },
    });

  response.write = /** @type {typeof response.write} */ (
    (/** @type {any} */ chunk, /** @type {any[]} */ ...rest) => {
      if (state === "undecided") state = decide();
      const callback = typeof rest.at(-1) === "function" ? rest.at(-1) : undefined;
      if (state === "passing")
        return bodyEdit
          ? below.write(bodyEdit.push(toBuffer(chunk, rest[0])), callback)
          : below.write(chunk, ...rest);
      const data = toBuffer(chunk, rest[0]);
      held.push(data);
      heldBytes += data.length;
      // Held is as good as written: a writer waiting for it must not wait for the rest of the head.
      if (callback) process.nextTick(callback);
      const end = mayEndHead(data) ? heldHeadEnd() : -1;
      if (end >= 0 || heldBytes > maxHeadBytes) return below.write(release(end, false));
      return true;
    }
  );

  response.end = /** @type {typeof response.end} */ (
    (/** @type {any[]} */ ...args) => {
      if (state === "undecided") state = decide();
      if (state === "passing" && !bodyEdit) return below.end(...args);
      const { chunk, callback } = splitEnd(args);
      /** @type {Buffer} */
      let out;
      if (state === "passing") {
        const edit = /** @type {import("./body-without.mjs").BodyEdit} */ (bodyEdit);
        out = Buffer.concat([chunk ? edit.push(chunk) : EMPTY, edit.end()]);
      } else {
        if (chunk) held.push(chunk);
        out = release(heldHeadEnd(), true);
      }
      return callback ? below.end(out, callback) : below.end(out);
    }
  );
}
