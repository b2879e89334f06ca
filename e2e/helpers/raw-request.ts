import { request as httpRequest, type IncomingHttpHeaders } from "node:http";

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
      { host: hostname, port: Number(port), method, path, headers, timeout: 15_000 },
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
