import {
  clientErrorAnswer,
  clientErrorStatus,
  errorHeaders,
  plainAnswer,
  UNSERVED_METHODS,
} from "@/lib/net/client-error.mjs";

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
});
