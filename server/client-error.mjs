// @ts-check
/**
 * What `npm start` answers itself, before Next sees a request: one Node's HTTP parser refuses
 * (bytes a URL or header may not hold, an unknown method, headers over 16 kB), where Node's own
 * answer is a bare status line without the headers every other answer carries; and a method no
 * page serves that Next cannot even read (TRACE: undici's Request refuses it, so the request
 * router threw a logged 500 per request). Both carry the site's headers (read from the build,
 * where next.config's headers() put them: one home) with a policy that allows nothing, as nginx's
 * own answers do.
 */

/** Node's parser errors and the status each deserves (any other is a 400). */
const STATUS = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

const REASONS = {
  400: "Bad Request",
  405: "Method Not Allowed",
  408: "Request Timeout",
  413: "Content Too Large",
  431: "Request Header Fields Too Large",
};

/** A policy for a plain-text error: nothing may load, nobody may frame it. */
const NOTHING_ALLOWED = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * The headers of the build's rule for every path (routes-manifest.json, `/:path*`), its policy
 * replaced by one that allows nothing.
 * @param {{ headers?: Array<{ source: string; has?: unknown; headers: Array<{ key: string; value: string }> }> }} manifest
 * @returns {Array<[string, string]>}
 */
export function errorHeaders(manifest) {
  const rule = manifest.headers?.find((candidate) => candidate.source === "/:path*" && !candidate.has);
  const site = (rule?.headers ?? []).filter(({ key }) => key.toLowerCase() !== "content-security-policy");
  return [
    ...site.map(({ key, value }) => /** @type {[string, string]} */ ([key, value])),
    ["Content-Security-Policy", NOTHING_ALLOWED],
  ];
}

/**
 * Gives a response every site header it does not set itself, as its head is written: Next's own
 * redirects (a trailing slash, 308) carry none of next.config's headers. A header the response sets
 * keeps its value.
 * @param {import("node:http").ServerResponse} response @param {Array<[string, string]>} headers
 */
export function fillMissingHeaders(response, headers) {
  const writeHead = response.writeHead;
  response.writeHead = /** @type {typeof response.writeHead} */ (
    function writeHeadWithSiteHeaders(/** @type {any[]} */ ...args) {
      for (const [name, value] of headers) if (!response.hasHeader(name)) response.setHeader(name, value);
      return writeHead.apply(response, /** @type {any} */ (args));
    }
  );
}

/** @param {Error & { code?: string }} error */
export function clientErrorStatus(error) {
  return STATUS[/** @type {keyof typeof STATUS} */ (error.code ?? "")] ?? 400;
}

/**
 * Methods a request may name that no page, file or handler of the site serves, and that Next
 * cannot take (undici's Request throws on them). CONNECT never reaches a request handler.
 */
export const UNSERVED_METHODS = new Set(["TRACE", "TRACK"]);

/** The methods the site answers, for a 405's Allow. */
const ALLOWED_METHODS = "GET, HEAD, POST, OPTIONS";

/**
 * A plain-text answer: its status, headers (the given ones after its own) and body.
 * @param {number} status @param {Array<[string, string]>} headers
 */
export function plainAnswer(status, headers) {
  const reason = REASONS[/** @type {keyof typeof REASONS} */ (status)] ?? "Bad Request";
  const body = `${status} ${reason}\n`;
  /** @type {Array<[string, string]>} */
  const own = [
    ["Content-Type", "text/plain; charset=utf-8"],
    ["Content-Length", String(Buffer.byteLength(body))],
    ["Cache-Control", "no-store"],
  ];
  if (status === 405) own.push(["Allow", ALLOWED_METHODS]);
  return { status, reason, headers: [...own, ...headers], body };
}

/**
 * The whole answer to a refused request, as bytes for the socket (the connection closes after it).
 * @param {number} status @param {Array<[string, string]>} headers
 */
export function clientErrorAnswer(status, headers) {
  const answer = plainAnswer(status, [["Connection", "close"], ...headers]);
  const lines = [
    `HTTP/1.1 ${answer.status} ${answer.reason}`,
    ...answer.headers.map(([key, value]) => `${key}: ${value}`),
  ];
  return `${lines.join("\r\n")}\r\n\r\n${answer.body}`;
}
