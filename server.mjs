// @ts-check
/**
 * `npm start`: Next's production request handler on a Node HTTP server that
 * shuts down gracefully. On SIGTERM or SIGINT it stops accepting connections,
 * lets the requests in flight finish (closing each connection after its
 * response), then exits 0; past SHUTDOWN_TIMEOUT_MS (default 25000) it exits 1.
 * `next start` would exit at once, cutting those requests off.
 */
import http from "node:http";

import next from "next";

const hostname = process.env.HOST || "127.0.0.1";
const port = Number(process.env.PORT || 3000);
const shutdownTimeoutMs = Number(process.env.SHUTDOWN_TIMEOUT_MS || 25_000);
if (!Number.isInteger(port) || port < 0 || port > 65_535)
  throw new Error(`PORT must be a port number, got "${process.env.PORT}"`);
if (!Number.isInteger(shutdownTimeoutMs) || shutdownTimeoutMs <= 0) {
  throw new Error(`SHUTDOWN_TIMEOUT_MS must be a positive integer, got "${process.env.SHUTDOWN_TIMEOUT_MS}"`);
}

const app = next({ dev: false, hostname, port });
await app.prepare();
const handle = app.getRequestHandler();

let stopping = false;
const server = http.createServer((request, response) => {
  if (stopping) response.setHeader("connection", "close");
  void handle(request, response);
});
// Longer than a proxy's idle upstream connections (nginx keeps them 60 s), so the proxy
// never sends a request on a connection this server is closing.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

server.listen(port, hostname, () => {
  const address = server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  console.log(`▲ Ready on http://${hostname}:${actual}`);
});

/** @param {NodeJS.Signals} signal */
function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`[server] ${signal}: no new connections; finishing the requests in flight`);
  setTimeout(() => {
    console.error(`[server] requests still open after ${shutdownTimeoutMs} ms: exiting anyway`);
    process.exit(1);
  }, shutdownTimeoutMs).unref();
  server.close(() => {
    console.log("[server] every request answered: exiting");
    process.exit(0);
  });
  server.closeIdleConnections();
}

process.once("SIGTERM", shutdown);
process.once("SIGINT", shutdown);
