// @ts-check
/**
 * GET /api/metrics, answered by `npm start` before Next (no render, no content call, no Redis
 * round trip: the registry as it stands). Not public: with METRICS_TOKEN set, only a request
 * carrying `Authorization: Bearer <token>`; without it, only a client on this machine that did not
 * come through a proxy (nginx sets X-Forwarded-For and X-Real-IP, and the shipped config also
 * answers the path 404 itself).
 *
 * It always answers: a registry that rejects (a metric's collect threw) or has not finished within
 * METRICS_TIMEOUT_MS is a 500 with a short plain-text reason, logged, rather than a request left
 * open until Prometheus gives up on it (the looks at the outbox have their own, shorter deadline:
 * lib/metrics/scrape-probe.mjs).
 */
import { reasonOf } from "../lib/metrics/scrape-probe.mjs";
import { sameSecret } from "../lib/security/same-secret.mjs";

export const METRICS_PATH = "/api/metrics";

/** Below Prometheus's own scrape timeout (10 s), so the reason reaches it rather than a timeout. */
export const METRICS_TIMEOUT_MS = 5000;

/** @param {string | undefined} address */
function isLoopback(address) {
  return address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";
}

/**
 * Who may read the metrics.
 * @param {{ remoteAddress: string | undefined; headers: import("node:http").IncomingHttpHeaders }} request
 * @param {string | undefined} token METRICS_TOKEN
 * @returns {{ allowed: true } | { allowed: false; status: 401 | 403; reason: string }}
 */
export function metricsAccess({ remoteAddress, headers }, token) {
  if (token) {
    const given = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? "")?.[1];
    return given !== undefined && sameSecret(given, token)
      ? { allowed: true }
      : { allowed: false, status: 401, reason: "metrics: Authorization: Bearer <METRICS_TOKEN> required" };
  }
  const proxied = headers["x-forwarded-for"] !== undefined || headers["x-real-ip"] !== undefined;
  return isLoopback(remoteAddress) && !proxied
    ? { allowed: true }
    : { allowed: false, status: 403, reason: "metrics: only from this machine (or set METRICS_TOKEN)" };
}

/**
 * The registry's text, or why there is none: its rejection, or no answer within `timeoutMs`.
 * @param {{ metrics(): Promise<string> }} registry @param {number} timeoutMs
 * @returns {Promise<{ ok: true; body: string } | { ok: false; reason: string }>}
 */
export async function collectMetrics(registry, timeoutMs) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  /** @type {Promise<{ ok: false; reason: string }>} */
  const late = new Promise((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, reason: `not collected within ${timeoutMs} ms` }),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([
      registry.metrics().then(
        (body) => /** @type {const} */ ({ ok: true, body }),
        (error) => ({ ok: /** @type {const} */ (false), reason: reasonOf(error) }),
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET or HEAD /api/metrics, answered whole: the access check, then the registry's text, or a 500
 * whose plain-text body says why (and one log line).
 * @param {import("node:http").IncomingMessage} request @param {import("node:http").ServerResponse} response
 * @param {{
 *   registry: { metrics(): Promise<string>; contentType: string };
 *   token: string | undefined;
 *   headers: Array<[string, string]>;
 *   log: { error(message: string): void };
 *   timeoutMs?: number;
 * }} options `headers`: the site's own, which every answer of npm start carries
 */
export async function answerMetrics(
  request,
  response,
  { registry, token, headers, log, timeoutMs = METRICS_TIMEOUT_MS },
) {
  const access = metricsAccess(
    { remoteAddress: request.socket.remoteAddress, headers: request.headers },
    token,
  );
  /** @type {Array<[string, string]>} */
  const own = [...headers, ["Cache-Control", "no-store"]];
  /** @param {number} status @param {string} text @param {Array<[string, string]>} [more] */
  const plain = (status, text, more = []) => {
    response.writeHead(status, [...own, ...more, ["Content-Type", "text/plain; charset=utf-8"]].flat());
    response.end(request.method === "HEAD" ? undefined : `${text}\n`);
  };
  if (!access.allowed) {
    plain(
      access.status,
      access.reason,
      access.status === 401 ? [["WWW-Authenticate", 'Bearer realm="metrics"']] : [],
    );
    return;
  }
  const collected = await collectMetrics(registry, timeoutMs);
  if (!collected.ok) {
    log.error(`[metrics] not answered: ${collected.reason}`);
    plain(500, `metrics: ${collected.reason}`);
    return;
  }
  response.writeHead(200, [...own, ["Content-Type", registry.contentType]].flat());
  response.end(request.method === "HEAD" ? undefined : collected.body);
}
