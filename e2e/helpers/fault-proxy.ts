import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An HTTP proxy in front of the content API that fails on demand, the way a
 * content service does: unreachable, 5xx, rate limited, too slow, or answering
 * JSON that is not JSON. Loopback only; closes with the test.
 */
export type Fault = "none" | "down" | "500" | "503" | "429" | "slow" | "malformed";

export interface FaultProxy {
  origin: string;
  set(fault: Fault): void;
  /** How many requests "slow" is holding right now: a test waits on it to know a render is under way. */
  held(): number;
  close(): Promise<void>;
}

export async function startFaultProxy(upstream: string, slowMs: number): Promise<FaultProxy> {
  let fault: Fault = "none";
  const timers = new Set<NodeJS.Timeout>();

  async function forward(request: IncomingMessage, response: ServerResponse) {
    const answer = await fetch(`${upstream}${request.url}`, {
      headers: { accept: request.headers.accept ?? "application/json" },
    });
    const body = Buffer.from(await answer.arrayBuffer());
    response.writeHead(answer.status, {
      "content-type": answer.headers.get("content-type") ?? "application/json",
    });
    response.end(body);
  }

  const server = createServer((request, response) => {
    switch (fault) {
      case "down":
        request.socket.destroy();
        return;
      case "500":
      case "503":
        response.writeHead(Number(fault), { "content-type": "text/html" });
        response.end("<h1>Service unavailable</h1>");
        return;
      case "429":
        response.writeHead(429, { "retry-after": "1", "content-type": "application/json" });
        response.end('{"message":"Too many requests"}');
        return;
      case "malformed":
        response.writeHead(200, { "content-type": "application/json" });
        response.end('{"results": [{"id": "broken"');
        return;
      case "slow": {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!response.destroyed) forward(request, response).catch(() => response.destroy());
        }, slowMs);
        timers.add(timer);
        return;
      }
      default:
        forward(request, response).catch(() => response.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    set: (next) => (fault = next),
    held: () => timers.size,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
