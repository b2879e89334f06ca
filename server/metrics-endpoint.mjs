// @ts-check
/**
 * GET /api/metrics, answered by `npm start` before Next (no render, no content call, no Redis
 * round trip: the registry as it stands). Not public: with METRICS_TOKEN set, only a request
 * carrying `Authorization: Bearer <token>`; without it, only a client on this machine that did not
 * come through a proxy (nginx sets X-Forwarded-For and X-Real-IP, and the shipped config also
 * answers the path 404 itself).
 */
import { sameSecret } from "../lib/security/same-secret.mjs";

export const METRICS_PATH = "/api/metrics";

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
