import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { connect } from "node:net";

/**
 * One request sent exactly as given (the path is not parsed or normalised on the way, unlike
 * fetch's or Playwright's), to a server on loopback.
 */
export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export function rawRequest(
  origin: string,
  path: string,
  { method = "GET", headers = {} }: { method?: string; headers?: Record<string, string | string[]> } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      // A connection of its own: a server may close one after an error answer, and a reused one
      // would then fail the next request (ECONNRESET) instead of answering it.
      { host: hostname, port: Number(port), method, path, headers, timeout: 15_000, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error(`no answer within 15 s: ${method} ${path}`)));
    request.on("error", reject);
    request.end();
  });
}

/**
 * Bytes written to a server on loopback exactly as given (a request line or headers no HTTP
 * client would send), and the answer's status line and headers as the server wrote them. The
 * connection stays open until the answer's head has come (a client that closes its side may get
 * no answer at all), then closes.
 */
export function rawExchange(origin: string, bytes: string): Promise<Omit<RawAnswer, "body">> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(Buffer.from(bytes, "latin1")));
    const chunks: Buffer[] = [];
    const received = () => Buffer.concat(chunks).toString("latin1");
    socket.setTimeout(15_000, () =>
      socket.destroy(new Error(`no answer within 15 s: ${JSON.stringify(bytes.slice(0, 200))}`)),
    );
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      if (received().includes("\r\n\r\n")) socket.destroy();
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const head = received().split("\r\n\r\n")[0];
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers: IncomingHttpHeaders = {};
      for (const line of lines) {
        const colon = line.indexOf(":");
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0), headers });
    });
  });
}
