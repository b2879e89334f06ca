// @ts-check
/**
 * gzip, decided by the front for every answer (Next's own compression is off: next.config.ts
 * `compress: false`). Next compresses as a stream, so even a page it holds whole goes out chunked,
 * without a Content-Length; nginx stores it so and must then send every cached copy as chunks,
 * several writes per hit instead of one (npm run bench, the nginx rows). Here an answer whose body
 * is known whole (Next gives its Content-Length: cached pages, files, payloads) is compressed in one
 * piece and sent with its own length; an answer Next streams (a render in progress) is compressed
 * as a stream, each part Next flushes sent at once.
 */
import zlib from "node:zlib";

/** Below this, gzip's framing costs more than it saves (the `compression` middleware's threshold). */
export const MIN_COMPRESSED_BYTES = 1024;
/**
 * Past this, a body known whole is compressed as a stream (on zlib's threads) rather than held and
 * compressed at once on the event loop: pages are far below it, large files above.
 */
export const MAX_WHOLE_BYTES = 256 * 1024;

const COMPRESSIBLE_TYPE =
  /^(?:text\/[a-z0-9.+-]+|application\/(?:json|javascript|xml|manifest\+json|[a-z0-9.-]+\+(?:json|xml))|image\/svg\+xml)\s*(?:;|$)/i;

/**
 * Whether an Accept-Encoding header takes gzip: `gzip` (or `x-gzip`) or `*` named with a weight
 * above zero; a `gzip;q=0` refuses it even beside `*`.
 * @param {string | string[] | undefined} header
 */
export function acceptsGzip(header) {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  let named;
  let wildcard;
  for (const part of value.split(",")) {
    const [coding = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => /^q\s*=/.test(param));
    const weight = q === undefined ? 1 : Number(q.replace(/^q\s*=\s*/, ""));
    const takes = Number.isFinite(weight) && weight > 0;
    if (coding === "gzip" || coding === "x-gzip") named = named === true || takes;
    else if (coding === "*") wildcard = wildcard === true || takes;
  }
  return named ?? wildcard ?? false;
}

/**
 * How an answer goes out: `plain` (as it is), `whole` (its body, known whole, compressed in one
 * piece, sent with its length) or `stream` (compressed as it comes). Only an answer with a body
 * (not a HEAD's) is compressed, of a textual type, not already encoded, not a range, not marked no-transform,
 * and not smaller than gzip's framing.
 * @param {{ method: string, status: number, acceptsGzip: boolean,
 *   header: (name: string) => string | number | string[] | undefined }} answer
 * @returns {"plain" | "whole" | "stream"}
 */
export function compressionMode({ method, status, acceptsGzip: takesGzip, header }) {
  if (!takesGzip || method === "HEAD") return "plain";
  if (status === 204 || status === 206 || status === 304 || (status >= 100 && status < 200)) return "plain";
  const encoding = String(header("content-encoding") ?? "identity").toLowerCase();
  if (encoding !== "identity" || header("content-range") !== undefined) return "plain";
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(header("cache-control") ?? ""))) return "plain";
  if (!COMPRESSIBLE_TYPE.test(String(header("content-type") ?? ""))) return "plain";
  const length = header("content-length");
  if (length === undefined) return "stream";
  const bytes = Number(length);
  if (bytes < MIN_COMPRESSED_BYTES) return "plain";
  return bytes <= MAX_WHOLE_BYTES ? "whole" : "stream";
}

/** Whether a type is one compression applies to (its answers vary on Accept-Encoding). @param {unknown} type */
export function compressibleType(type) {
  return COMPRESSIBLE_TYPE.test(String(type ?? ""));
}

/**
 * A chunk written to a response (a string in an encoding, a Buffer or a Uint8Array) as a Buffer.
 * @param {unknown} chunk @param {unknown} [encoding]
 */
export const toBuffer = (chunk, encoding) =>
  Buffer.isBuffer(chunk)
    ? chunk
    : typeof chunk === "string"
      ? Buffer.from(chunk, /** @type {BufferEncoding} */ (typeof encoding === "string" ? encoding : "utf8"))
      : Buffer.from(/** @type {Uint8Array} */ (chunk));

/**
 * The arguments of a response's end (chunk, encoding, callback: each optional), the callback taken off.
 * @param {unknown[]} args
 */
export const splitEnd = (args) => {
  const callback = typeof args.at(-1) === "function" ? /** @type {() => void} */ (args.pop()) : undefined;
  const [chunk, encoding] = args;
  return { chunk: chunk === undefined || chunk === null ? undefined : toBuffer(chunk, encoding), callback };
};

/**
 * Adds `Accept-Encoding` to an answer's Vary unless it is there (or Vary is `*`).
 * @param {import("node:http").ServerResponse} response
 */
function varyOnEncoding(response) {
  const vary = response.getHeader("vary");
  const names = (Array.isArray(vary) ? vary.join(",") : String(vary ?? ""))
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.includes("*") || names.some((name) => name.toLowerCase() === "accept-encoding")) return;
  response.setHeader("Vary", [...names, "Accept-Encoding"].join(", "));
}

/**
 * A response's own writing methods, bound, taken before a wrapper replaces them: what the wrapper
 * calls to write below itself.
 * @param {import("node:http").ServerResponse} response
 */
export function ownWrites(response) {
  return {
    writeHead: response.writeHead.bind(response),
    flushHeaders: response.flushHeaders.bind(response),
    write: response.write.bind(response),
    end: response.end.bind(response),
  };
}

/**
 * Headers given to writeHead, set on the response (so one place holds them all before the choice).
 * @param {import("node:http").ServerResponse} response
 * @param {import("node:http").OutgoingHttpHeaders | import("node:http").OutgoingHttpHeader[] | undefined} headers
 */
export function applyHeaders(response, headers) {
  if (!headers) return;
  if (!Array.isArray(headers)) {
    for (const [name, value] of Object.entries(headers))
      if (value !== undefined) response.setHeader(name, value);
    return;
  }
  // (a list of names and values, flat or in pairs: Node takes both)
  const list = Array.isArray(headers[0]) ? headers.flat() : headers;
  /** @type {Map<string, { name: string, values: string[] }>} */
  const grouped = new Map();
  for (let index = 0; index + 1 < list.length; index += 2) {
    const name = String(list[index]);
    const entry = grouped.get(name.toLowerCase()) ?? { name, values: [] };
    entry.values.push(String(list[index + 1]));
    grouped.set(name.toLowerCase(), entry);
  }
  for (const { name, values } of grouped.values())
    response.setHeader(name, values.length === 1 ? values[0] : values);
}

/**
 * Makes `response` compress what is written to it, as {@link compressionMode} decides once its head
 * is written (by Next or by the front). Call before anything writes to it.
 * @param {import("node:http").IncomingMessage} request
 * @param {import("node:http").ServerResponse} response
 * @param {{ level?: number }} [options] the zlib level (6, zlib's default, when not given)
 */
export function compressAnswers(request, response, { level = zlib.constants.Z_DEFAULT_COMPRESSION } = {}) {
  const takesGzip = acceptsGzip(request.headers["accept-encoding"]);
  const method = request.method ?? "GET";
  const original = ownWrites(response);
  /** @type {"undecided" | "plain" | "whole" | "stream" | "ended"} */
  let mode = "undecided";
  /** @type {Buffer[]} */
  const held = [];
  /** @type {zlib.Gzip | undefined} */
  let gzip;
  /** The status the head was written with: what goes out, as Node would have sent it then. */
  let headStatus = 0;

  /** @type {(status: number, ...rest: any[]) => import("node:http").ServerResponse} */
  const writeHead = (status, ...rest) => {
    if (mode !== "undecided") return response;
    const headers = typeof rest[0] === "string" ? rest[1] : rest[0];
    const message = typeof rest[0] === "string" ? rest[0] : undefined;
    response.statusCode = status;
    headStatus = status;
    if (message !== undefined) response.statusMessage = message;
    applyHeaders(response, headers);
    if (compressibleType(response.getHeader("content-type"))) varyOnEncoding(response);
    mode = compressionMode({
      method,
      status,
      acceptsGzip: takesGzip,
      header: (name) => response.getHeader(name),
    });
    if (mode === "plain") return original.writeHead(status);
    if (mode === "whole") return response; // the head goes out with the compressed body
    response.removeHeader("content-length");
    response.setHeader("Content-Encoding", "gzip");
    original.writeHead(status);
    const stream = zlib.createGzip({ level });
    gzip = stream;
    // As fast as the client reads, no faster: compressed parts wait in zlib while the socket is
    // full, and the writer (Next) meets a full gzip and waits for its drain. So the socket's drain
    // (which Node announces on the response) only lets zlib go on; the writer hears gzip's.
    stream.on("data", (data) => {
      if (!original.write(data)) stream.pause();
    });
    const emit = response.emit.bind(response);
    response.emit = /** @type {typeof response.emit} */ (
      (/** @type {string | symbol} */ event, /** @type {any[]} */ ...args) => {
        if (event !== "drain") return emit(event, ...args);
        stream.resume();
        return true;
      }
    );
    stream.on("drain", () => emit("drain"));
    stream.once("end", () => original.end());
    stream.once("error", (error) => response.destroy(error));
    // A client gone before the end: what zlib holds goes with it.
    response.once("close", () => {
      if (!stream.writableFinished) stream.destroy();
    });
    return response;
  };

  response.writeHead = /** @type {typeof response.writeHead} */ (writeHead);
  response.flushHeaders = () => {
    if (mode === "undecided") writeHead(response.statusCode);
    if (mode === "plain" || mode === "stream") original.flushHeaders();
  };
  // Next calls flush after each part of a stream it renders: the part goes out now.
  Object.assign(response, { flush: () => gzip?.flush(zlib.constants.Z_SYNC_FLUSH) });

  response.write = /** @type {typeof response.write} */ (
    (/** @type {any} */ chunk, /** @type {any[]} */ ...rest) => {
      if (mode === "undecided") writeHead(response.statusCode);
      if (mode === "plain") return original.write(chunk, ...rest);
      if (mode === "ended") return false; // past end: nothing more goes out
      const callback = typeof rest.at(-1) === "function" ? rest.at(-1) : undefined;
      const data = toBuffer(chunk, rest[0]);
      if (mode === "whole") {
        held.push(data);
        if (callback) process.nextTick(callback);
        return true;
      }
      return /** @type {zlib.Gzip} */ (gzip).write(data, callback);
    }
  );

  response.end = /** @type {typeof response.end} */ (
    (/** @type {any[]} */ ...args) => {
      if (mode === "undecided") writeHead(response.statusCode);
      if (mode === "plain") return original.end(...args);
      if (mode === "ended") return response;
      const { chunk, callback } = splitEnd(args);
      if (callback) response.once("finish", callback);
      if (mode === "stream") {
        mode = "ended";
        /** @type {zlib.Gzip} */ (gzip).end(chunk);
        return response;
      }
      if (chunk) held.push(chunk);
      mode = "ended";
      // At once, not on zlib's thread pool: once end() returns, the answer must be ended as Node
      // would have it (headers sent, writableEnded), or Next, seeing it still open, may change its
      // status afterwards (a background render failing after a stale page was answered).
      const compressed = zlib.gzipSync(Buffer.concat(held), { level });
      response.setHeader("Content-Encoding", "gzip");
      response.setHeader("Content-Length", compressed.length);
      original.writeHead(headStatus);
      original.end(compressed);
      return response;
    }
  );
}
