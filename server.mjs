// @ts-check
/**
 * `npm start`: Next's production request handler on a Node HTTP server that
 * shuts down gracefully. On SIGTERM or SIGINT it stops accepting connections,
 * lets the requests in flight finish (closing each connection after its
 * response), then exits 0; past SHUTDOWN_TIMEOUT_MS (default 25000) it exits 1.
 * `next start` would exit at once, cutting those requests off.
 *
 * Around Next, for every request: its id (nginx's X-Request-Id, or a new one) on every log line and
 * in the answer's X-Request-Id; its metrics, served at GET /api/metrics (lib/metrics/); an access
 * log line when ACCESS_LOG is on.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";

import { forwardConsole, logger, REQUEST_ID_HEADER, requestIdFrom, withRequestId } from "./lib/logger.mjs";
import { METRICS_PATH, metricsAccess } from "./lib/metrics/metrics-endpoint.mjs";
import { cacheState, observeAnswer } from "./lib/metrics/request-metrics.mjs";
import { siteMetrics } from "./lib/metrics/site-metrics.mjs";
import {
  clientErrorAnswer,
  clientErrorStatus,
  errorHeaders,
  fillMissingHeaders,
  plainAnswer,
  UNSERVED_METHODS,
} from "./lib/net/client-error.mjs";
import { IMAGE_PATH, isCanonicalImageQuery } from "./lib/net/image-request.mjs";
import { dropInternalHeaders } from "./lib/net/internal-headers.mjs";
import { isOriginFormTarget, pageRequestTarget } from "./lib/routing/page-request.mjs";
import {
  isTrailingSlashRedirect,
  ORIGINAL_QUERY_HEADER,
  originalQuery,
} from "./lib/routing/original-query.mjs";
import { accessLogOn, exitOnInvalidEnv, startEnv } from "./lib/runtime-env.mjs";

// An invalid variable stops here with one line, before Next loads (next.config.ts then checks the rest).
const env = exitOnInvalidEnv(startEnv);
const {
  HOST: hostname,
  PORT: port,
  SHUTDOWN_TIMEOUT_MS: shutdownTimeoutMs,
  NEXT_DIST_DIR: distDir,
  METRICS_TOKEN: metricsToken,
} = env;
const accessLog = accessLogOn(env);

// From here on, whatever Next or a library prints is a logged line, redacted like the site's own.
forwardConsole();

const { default: next } = await import("next");
const app = next({ dev: false, hostname, port });
// (Runs instrumentation.ts, which gives the metrics the request router's page types.)
await app.prepare();
const handle = app.getRequestHandler();
const metrics = siteMetrics();

// What npm start answers itself still carries the site's security headers.
const ownHeaders = errorHeaders(JSON.parse(readFileSync(path.join(distDir, "routes-manifest.json"), "utf8")));

let stopping = false;

/**
 * What the request is for, once its id is set: a target no browser sends, the metrics, a method no
 * page serves, an image request in a spelling the site never writes (lib/net/image-request.mjs),
 * or Next (whose answers get the site's headers they lack).
 * @param {http.IncomingMessage} request @param {http.ServerResponse} response @param {string} pathname
 */
function dispatch(request, response, pathname) {
  if (!isOriginFormTarget(request.url ?? "")) {
    answerPlain(response, 400);
    return;
  }
  fillMissingHeaders(response, ownHeaders);
  if (pathname === METRICS_PATH && (request.method === "GET" || request.method === "HEAD")) {
    void answerMetrics(request, response);
    return;
  }
  if (UNSERVED_METHODS.has(request.method ?? "")) {
    answerPlain(response, 405);
    return;
  }
  if (pathname === IMAGE_PATH && !isCanonicalImageQuery((request.url ?? "").slice(pathname.length + 1))) {
    answerPlain(response, 400);
    return;
  }
  dropInternalHeaders(request.headers);
  if (request.method === "GET" || request.method === "HEAD") keepPageQuery(request, pathname);
  void handle(request, response);
}

/**
 * Of a page request's query, Next gets only what pages read; the whole query goes to the request
 * router in ORIGINAL_QUERY_HEADER (an editor's redirect keeps it), and stays on a path Next
 * redirects for its trailing slash (that redirect keeps it; no page reads it).
 * @param {http.IncomingMessage} request @param {string} pathname
 */
function keepPageQuery(request, pathname) {
  const target = request.url ?? "/";
  const query = originalQuery(target);
  // A query too long to keep (originalQuery: undefined) is cut to what pages read, even there.
  if (query !== undefined && isTrailingSlashRedirect(pathname)) return;
  request.url = pageRequestTarget(target);
  if (query !== undefined && request.url !== target) request.headers[ORIGINAL_QUERY_HEADER] = query;
}

/** A plain-text answer of npm start's own, with the site's headers. @param {http.ServerResponse} response @param {number} status */
function answerPlain(response, status) {
  const answer = plainAnswer(status, ownHeaders);
  response.writeHead(answer.status, answer.headers.flat()).end(answer.body);
}

/** @param {http.IncomingMessage} request @param {http.ServerResponse} response */
async function answerMetrics(request, response) {
  const access = metricsAccess(
    { remoteAddress: request.socket.remoteAddress, headers: request.headers },
    metricsToken,
  );
  const headers = [...ownHeaders, ["Cache-Control", "no-store"]];
  if (!access.allowed) {
    if (access.status === 401) headers.push(["WWW-Authenticate", 'Bearer realm="metrics"']);
    response.writeHead(access.status, [...headers, ["Content-Type", "text/plain; charset=utf-8"]].flat());
    response.end(`${access.reason}\n`);
    return;
  }
  const body = await metrics.registry.metrics();
  response.writeHead(200, [...headers, ["Content-Type", metrics.registry.contentType]].flat());
  response.end(request.method === "HEAD" ? undefined : body);
}

const server = http.createServer((request, response) => {
  const started = performance.now();
  const reqId = requestIdFrom(request.headers[REQUEST_ID_HEADER]);
  request.headers[REQUEST_ID_HEADER] = reqId;
  response.setHeader("X-Request-Id", reqId);
  if (stopping) response.setHeader("connection", "close");
  const pathname = (request.url ?? "/").split("?", 1)[0];
  response.once("close", () => {
    const seconds = (performance.now() - started) / 1000;
    const cache = cacheState(response.getHeader("x-nextjs-cache"));
    const pageType = observeAnswer(metrics, { pathname, status: response.statusCode, cache, seconds });
    if (!accessLog) return;
    withRequestId(reqId, () =>
      logger.info(
        {
          method: request.method,
          path: pathname,
          status: response.statusCode,
          ms: Math.round(seconds * 10_000) / 10,
          cache,
          pageType,
          ...(response.writableFinished ? {} : { aborted: true }),
        },
        "access",
      ),
    );
  });
  withRequestId(reqId, () => dispatch(request, response, pathname));
});
server.on("clientError", (error, socket) => {
  // A connection already gone, or a response whose head is already sent, cannot take an answer
  // (Node's own rule for its bare 400).
  const response = /** @type {{ _httpMessage?: { headersSent?: boolean } }} */ (socket)._httpMessage;
  if (!socket.writable || response?.headersSent) {
    socket.destroy();
    return;
  }
  socket.end(clientErrorAnswer(clientErrorStatus(error), ownHeaders));
});
// Longer than a proxy's idle upstream connections (nginx keeps them 60 s), so the proxy
// never sends a request on a connection this server is closing.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

server.listen(port, hostname, () => {
  const address = server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  logger.info(`▲ Ready on http://${hostname}:${actual}`);
});

/** @param {NodeJS.Signals} signal */
function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  logger.info(`[server] ${signal}: no new connections; finishing the requests in flight`);
  setTimeout(() => {
    logger.error(`[server] requests still open after ${shutdownTimeoutMs} ms: exiting anyway`);
    process.exit(1);
  }, shutdownTimeoutMs).unref();
  server.close(() => {
    logger.info("[server] every request answered: exiting");
    process.exit(0);
  });
  server.closeIdleConnections();
}

process.once("SIGTERM", shutdown);
process.once("SIGINT", shutdown);
