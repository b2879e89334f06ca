import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import type { ContentApiHandler } from "./handler";
import type { ErrorReporter } from "./types";

/** Serves a fetch-style handler over Node's HTTP server. */

async function toResponse(
  handler: ContentApiHandler,
  req: IncomingMessage,
  res: ServerResponse,
  origin: string,
) {
  const request = new Request(new URL(req.url ?? "/", origin), {
    method: req.method,
    headers: Object.entries(req.headers).flatMap(([name, value]) =>
      value === undefined
        ? []
        : (Array.isArray(value) ? value : [value]).map((v): [string, string] => [name, v]),
    ),
  });
  const response = await handler(request);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(req.method === "HEAD" ? undefined : Buffer.from(await response.arrayBuffer()));
}

export interface RunningServer {
  server: Server;
  origin: string;
  close: () => Promise<void>;
}

export interface ListenOptions {
  host: string;
  /** 0: any free port (the running server's `origin` names it). */
  port: number;
  /** Where a request that could not be answered is reported (the client gets a plain 500). */
  onError: ErrorReporter;
}

export async function listen(handler: ContentApiHandler, options: ListenOptions): Promise<RunningServer> {
  const { host, port, onError } = options;
  let origin = "";
  const server = createServer((req, res) => {
    toResponse(handler, req, res, origin).catch((error: unknown) => {
      // The path only: the query may carry the access token.
      onError(`${req.method} ${(req.url ?? "/").split("?")[0]} failed`, error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end("Internal error");
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  origin = `http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}`;
  return {
    server,
    origin,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
