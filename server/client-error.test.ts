import { createServer, request as httpRequest, type IncomingHttpHeaders } from "node:http";

import {
  clientErrorAnswer,
  clientErrorStatus,
  errorHeaders,
  fillMissingHeaders,
  plainAnswer,
  UNSERVED_METHODS,
} from "@/server/client-error.mjs";

const manifest = {
  headers: [
    {
      source: "/:path*",
      headers: [
        { key: "X-Content-Type-Options", value: "nosniff" },
        { key: "Content-Security-Policy", value: "default-src 'self'" },
      ],
    },
    {
      source: "/:path*",
      has: [{ type: "cookie", key: "__prerender_bypass" }],
      headers: [{ key: "X-Other", value: "1" }],
    },
    { source: "/slice-simulator", headers: [{ key: "X-Robots-Tag", value: "noindex" }] },
  ],
};

describe("a request Node refuses", () => {
  test("gets the site's headers for every path, with a policy that allows nothing", () => {
    expect(errorHeaders(manifest)).toEqual([
      ["X-Content-Type-Options", "nosniff"],
      [
        "Content-Security-Policy",
        "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      ],
    ]);
  });

  test("its status says what was wrong", () => {
    expect(clientErrorStatus(Object.assign(new Error("x"), { code: "HPE_HEADER_OVERFLOW" }))).toBe(431);
    expect(clientErrorStatus(Object.assign(new Error("x"), { code: "HPE_INVALID_METHOD" }))).toBe(400);
    expect(clientErrorStatus(new Error("x"))).toBe(400);
  });

  test("the answer is a whole HTTP message that closes the connection", () => {
    const answer = clientErrorAnswer(431, errorHeaders(manifest));
    const [head, body] = answer.split("\r\n\r\n");
    expect(head.split("\r\n")[0]).toBe("HTTP/1.1 431 Request Header Fields Too Large");
    expect(head).toContain("\r\nConnection: close");
    expect(head).toContain("\r\nX-Content-Type-Options: nosniff");
    expect(head).toContain(`\r\nContent-Length: ${Buffer.byteLength(body)}`);
    expect(body).toBe("431 Request Header Fields Too Large\n");
  });

  test("a method the site never serves gets a 405 naming the ones it does", () => {
    expect([...UNSERVED_METHODS]).toEqual(["TRACE", "TRACK"]);
    const answer = plainAnswer(405, errorHeaders(manifest));
    expect(answer.status).toBe(405);
    expect(answer.body).toBe("405 Method Not Allowed\n");
    expect(answer.headers).toContainEqual(["Allow", "GET, HEAD, POST, OPTIONS"]);
    expect(answer.headers).toContainEqual(["X-Content-Type-Options", "nosniff"]);
    expect(answer.headers).toContainEqual(["Cache-Control", "no-store"]);
  });

  test("an answer gets every site header it lacks, and keeps those it sets", async () => {
    const server = createServer((request, response) => {
      fillMissingHeaders(response, errorHeaders(manifest));
      if (request.url === "/redirect") {
        response.writeHead(308, { location: "/works" }).end();
        return;
      }
      response.setHeader("content-security-policy", "default-src 'self'");
      response.end("page");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const headersOf = (path: string) =>
      new Promise<IncomingHttpHeaders>((resolve, reject) =>
        httpRequest({ host: "127.0.0.1", port, path, agent: false }, (response) => {
          response.resume();
          resolve(response.headers);
        })
          .on("error", reject)
          .end(),
      );
    try {
      const redirect = await headersOf("/redirect");
      expect(redirect.location).toBe("/works");
      expect(redirect["x-content-type-options"]).toBe("nosniff");
      expect(redirect["content-security-policy"]).toContain("default-src 'none'");
      const page = await headersOf("/page");
      expect(page["content-security-policy"]).toBe("default-src 'self'");
      expect(page["x-content-type-options"]).toBe("nosniff");
    } finally {
      server.close();
    }
  });
});
