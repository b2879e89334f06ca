// @ts-check
/**
 * `npm start`: Next's production request handler on a Node HTTP server that
 * shuts down gracefully. On SIGTERM or SIGINT it stops accepting connections,
 * lets the requests in flight finish (closing each connection after its
 * response), then exits 0; past SHUTDOWN_TIMEOUT_MS (default 25000) it exits 1.
 * `next start` would exit at once, cutting those requests off.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";

import { forwardConsole, logger } from "./lib/logger.mjs";
import {
  clientErrorAnswer,
  clientErrorStatus,
  errorHeaders,
  plainAnswer,
  UNSERVED_METHODS,
} from "./lib/net/client-error.mjs";
import { dropInternalHeaders } from "./lib/net/internal-headers.mjs";
import { pageRequestTarget } from "./lib/routing/page-request.mjs";
import { exitOnInvalidEnv, startEnv } from "./lib/runtime-env.mjs";

// An invalid variable stops here with one line, before Next loads (next.config.ts then checks the rest).
const {
  HOST: hostname,
  PORT: port,
  SHUTDOWN_TIMEOUT_MS: shutdownTimeoutMs,
  NEXT_DIST_DIR: distDir,
} = exitOnInvalidEnv(startEnv);

// From here on, whatever Next or a library prints is a logged line, redacted like the site's own.
forwardConsole();

const { default: next } = await import("next");
const app = next({ dev: false, hostname, port });
await app.prepare();
const handle = app.getRequestHandler();

// What npm start answers itself still carries the site's security headers.
const ownHeaders = errorHeaders(JSON.parse(readFileSync(path.join(distDir, "routes-manifest.json"), "utf8")));

let stopping = false;
const server = http.createServer((request, response) => {
  if (stopping) response.setHeader("connection", "close");
  if (UNSERVED_METHODS.has(request.method ?? "")) {
    const answer = plainAnswer(405, ownHeaders);
    response.writeHead(answer.status, answer.headers.flat()).end(answer.body);
    return;
  }
  dropInternalHeaders(request.headers);
  if (request.method === "GET" || request.method === "HEAD")
    request.url = pageRequestTarget(request.url ?? "/");
  void handle(request, response);
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
