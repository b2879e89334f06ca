// @ts-check
/**
 * `npm start`: Next's production request handler on a Node HTTP server that
 * shuts down gracefully. On SIGTERM or SIGINT it stops accepting connections,
 * lets the requests in flight finish (closing each connection after its
 * response; past SHUTDOWN_TIMEOUT_MS, default 25000, it closes those still
 * open), waits for the contact messages still being sent (./work-in-flight.mjs),
 * then exits 0 (1 when it had to cut requests or sends). A second signal exits
 * at once. `next start` would exit at once, cutting those
 * requests and sends off.
 *
 * Around Next, for every request: its id (nginx's X-Request-Id, or a new one) on every log line and
 * in the answer's X-Request-Id; its metrics, served at GET /api/metrics (lib/metrics/); an access
 * log line when ACCESS_LOG is on; a page's head rewritten (./head-rewrite.mjs): its stylesheets written
 * in (./inline-styles.mjs), the framework's scripts fetched after its first paint
 * (./scripts-after-paint.mjs);
 * gzip as the client takes it (./compression.mjs).
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";

import {
  forwardConsole,
  logger,
  REQUEST_ID_HEADER,
  requestIdFrom,
  withRequestId,
} from "../lib/log/logger.mjs";
import { siteMetrics } from "../lib/metrics/site-metrics.mjs";
import { isDeliberateRepeat } from "../lib/process/signals.mjs";
import { accessLogOn, exitOnInvalidEnv, startEnv } from "../lib/env/runtime-env.mjs";
import {
  clientErrorAnswer,
  clientErrorStatus,
  errorHeaders,
  fillMissingHeaders,
  plainAnswer,
  UNSERVED_METHODS,
} from "./client-error.mjs";
import { answerBodyRefusal, langOfPath } from "./body-refusal.mjs";
import { compressAnswers } from "./compression.mjs";
import { dropInternalHeaders } from "./internal-headers.mjs";
import { facesAfterFirstPaint } from "./faces-after-paint.mjs";
import { rewriteHeads } from "./head-rewrite.mjs";
import { inlineHeadStyles, stylesheetReader } from "./inline-styles.mjs";
import { scriptsAfterFirstPaint } from "./scripts-after-paint.mjs";
import { provideRerenderAccess } from "../lib/cache/rerender-handoff.mjs";
import { answerMetrics, METRICS_PATH } from "./metrics-endpoint.mjs";
import { decidePageBody } from "./page-body.mjs";
import { decideRequest, FRONT_HEADERS, requestRulesFrom } from "./request-target.mjs";
import { rerenderGate, selfOrigin } from "./rerender-gate.mjs";
import { exitUnlessStartable, startChecksFrom } from "./start-check.mjs";
import { finishWorkInFlight } from "./work-in-flight.mjs";
import { cacheState, observeAnswer } from "./request-metrics.mjs";

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
// The site's page grammar, which instrumentation.ts handed over as Next prepared.
const rules = await requestRulesFrom(globalThis);
// Before listening: an instance that could not keep a contact message stops here, with one line.
await exitUnlessStartable(await startChecksFrom(globalThis), {
  log: logger,
  exit: (code) => process.exit(code),
});

/** @param {string} name a file of the build's */
const buildJson = (name) => JSON.parse(readFileSync(path.join(distDir, name), "utf8"));
// What npm start answers itself still carries the site's security headers.
const ownHeaders = errorHeaders(buildJson("routes-manifest.json"));
// A page's head carries its stylesheets (./inline-styles.mjs, read from the build once each) and
// fetches the framework's scripts, its entry among them, only once the page has painted
// (./scripts-after-paint.mjs: the entry's element then leaves the body), and
// on a first visit its web fonts too (./faces-after-paint.mjs).
const readStylesheet = stylesheetReader(distDir);
// (the scripts first: their scan reads the head before 45 kB of styles are written into it)
/** @param {string} head @returns {import("./head-rewrite.mjs").PageRewrite} */
const pageHead = (head) => {
  const scripts = scriptsAfterFirstPaint(head);
  return {
    head: facesAfterFirstPaint(inlineHeadStyles(scripts.head, readStylesheet)),
    bodyWithout: scripts.bodyWithout,
  };
};
/** @param {unknown} error */
const headRewriteFailed = (error) => logger.error(error, "[front] a page's head went out as Next wrote it");
// A publish's fresh renders (features/publish/): asked of this server with its own token.
const rerender = rerenderGate(buildJson("prerender-manifest.json").preview.previewModeId);

let stopping = false;
/** @type {number | undefined} when the first stop signal came */
let stoppingSince;

/**
 * What the request is for, once its id is set: a method no page serves, then the front's decision
 * on its target (server/request-target.mjs: refused, redirected to its one spelling, or passed on
 * as decided) and on a page's body (./page-body.mjs), then the metrics or Next (whose answers get
 * the site's headers they lack).
 * @param {http.IncomingMessage} request @param {http.ServerResponse} response
 */
function dispatch(request, response) {
  fillMissingHeaders(response, ownHeaders);
  if (UNSERVED_METHODS.has(request.method ?? "")) {
    answerPlain(response, 405);
    return;
  }
  const method = request.method ?? "GET";
  // This server's own request for a fresh render (./rerender-gate.mjs), decided as any other.
  const rendersAnew = rerender.admit(method, request.headers);
  // Before the decision, which may add the front's own headers for the request router.
  dropInternalHeaders(request.headers);
  const decision = decideRequest(
    { method, target: request.url ?? "/", rsc: request.headers.rsc === "1" },
    rules,
  );
  if (decision.action === "refuse") {
    answerPlain(response, decision.status);
    return;
  }
  if (decision.action === "redirect") {
    response.writeHead(308, {
      Location: decision.location,
      "Cache-Control": "no-store",
      "Content-Length": "0",
    });
    response.end();
    return;
  }
  // A page's body over the site's limit (./page-body.mjs): refused here, before Next reads it.
  const pagePath = decision.target.split("?", 1)[0];
  const body = decidePageBody({ method, path: pagePath, headers: request.headers });
  if (body.action === "refuse") {
    const refusal = { ...body, lang: langOfPath(pagePath), headers: ownHeaders };
    answerBodyRefusal(request, response, refusal).catch((error) =>
      logger.error(error, "[front] the answer to a refused body failed"),
    );
    return;
  }
  // Only the path exactly as written: nginx refuses that path to the public, and an RSC request
  // spelled otherwise (passed, not redirected) must not be another way in.
  const asWritten = (request.url ?? "").split("?", 1)[0] === METRICS_PATH;
  if (decision.target === METRICS_PATH && asWritten && (method === "GET" || method === "HEAD")) {
    answerMetrics(request, response, {
      registry: metrics.registry,
      token: metricsToken,
      headers: ownHeaders,
      log: logger,
    }).catch((error) => logger.error(error, "[metrics] the answer failed"));
    return;
  }
  request.url = decision.target;
  Object.assign(
    request.headers,
    decision.headers,
    { [FRONT_HEADERS.target]: decision.target },
    rendersAnew ? rerender.routerHeaders : {},
  );
  void handle(request, response);
}

/** A plain-text answer of npm start's own, with the site's headers. @param {http.ServerResponse} response @param {number} status */
function answerPlain(response, status) {
  const answer = plainAnswer(status, ownHeaders);
  response.writeHead(answer.status, answer.headers.flat()).end(answer.body);
}

const server = http.createServer((request, response) => {
  const started = performance.now();
  compressAnswers(request, response);
  rewriteHeads(request, response, { rewrite: pageHead, onError: headRewriteFailed });
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
  withRequestId(reqId, () => dispatch(request, response));
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
  provideRerenderAccess(globalThis, { origin: selfOrigin(hostname, actual), token: rerender.token });
  logger.info(`▲ Ready on http://${hostname}:${actual}`);
});

/** @param {NodeJS.Signals} signal */
function shutdown(signal) {
  if (stoppingSince !== undefined) {
    // The same Ctrl-C reaching the process twice is not a person asking again (lib/process/signals.mjs).
    if (!isDeliberateRepeat(stoppingSince, Date.now())) return;
    logger.warn(`[server] ${signal} again: exiting now`);
    process.exit(1);
  }
  stoppingSince = Date.now();
  stopping = true;
  logger.info(`[server] ${signal}: no new connections; finishing the requests in flight`);
  let requestsCut = false;
  // Requests still open past the deadline are cut, but not the contact sends: close() then calls
  // back, and the sends are waited for all the same.
  const requestsTimer = setTimeout(() => {
    requestsCut = true;
    logger.error(`[server] requests still open after ${shutdownTimeoutMs} ms: closing their connections`);
    server.closeAllConnections();
  }, shutdownTimeoutMs);
  server.close(async () => {
    clearTimeout(requestsTimer);
    // Then the contact messages still being sent (./work-in-flight.mjs), within their own bound.
    const work = await finishWorkInFlight(globalThis, logger);
    const clean = !requestsCut && work !== "cut";
    logger.info(
      work === "none" && !requestsCut ? "[server] every request answered: exiting" : "[server] exiting",
    );
    process.exit(clean ? 0 : 1);
  });
  server.closeIdleConnections();
}

process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
