import fc from "fast-check";
import { randomBytes } from "node:crypto";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import zlib from "node:zlib";

import {
  acceptsGzip,
  compressAnswers,
  compressionMode,
  MIN_COMPRESSED_BYTES,
} from "@/server/compression.mjs";

describe("whether a client takes gzip", () => {
  test.each([
    ["gzip, deflate, br, zstd", true],
    ["br;q=1.0, gzip;q=0.8, *;q=0.1", true],
    ["GZIP", true],
    ["x-gzip", true],
    ["*", true],
    ["identity", false],
    ["", false],
    ["gzip;q=0", false],
    ["gzip;q=0.000, *", false],
    ["*;q=0", false],
    ["br, *;q=0.5", true],
    ["deflate", false],
  ])("%j → %s", (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });

  test("no header: not taken", () => expect(acceptsGzip(undefined)).toBe(false));
});

describe("how an answer goes out", () => {
  const answer = (
    headers: Record<string, string>,
    overrides: Partial<{ method: string; status: number; gzip: boolean }> = {},
  ) =>
    compressionMode({
      method: overrides.method ?? "GET",
      status: overrides.status ?? 200,
      acceptsGzip: overrides.gzip ?? true,
      header: (name: string) => headers[name.toLowerCase()],
    });
  const html = { "content-type": "text/html; charset=utf-8" };

  test("a page known whole: compressed whole; a stream: as a stream", () => {
    expect(answer({ ...html, "content-length": "70000" })).toBe("whole");
    expect(answer(html)).toBe("stream");
    expect(answer({ "content-type": "text/x-component", "content-length": "5000" })).toBe("whole");
    expect(
      answer({ "content-type": "application/javascript; charset=UTF-8", "content-length": "5000" }),
    ).toBe("whole");
    expect(answer({ "content-type": "application/manifest+json", "content-length": "5000" })).toBe("whole");
    expect(answer({ ...html, "content-length": "70000" }, { status: 404 })).toBe("whole");
    expect(answer(html, { method: "POST" })).toBe("stream");
  });

  test.each([
    ["a client without gzip", { ...html, "content-length": "70000" }, { gzip: false }],
    ["a HEAD", { ...html, "content-length": "70000" }, { method: "HEAD" }],
    ["a 304", html, { status: 304 }],
    ["a 204", html, { status: 204 }],
    [
      "a range",
      { ...html, "content-length": "70000", "content-range": "bytes 0-69999/140000" },
      { status: 206 },
    ],
    ["an encoded body", { ...html, "content-encoding": "br" }, {}],
    ["no-transform", { ...html, "cache-control": "public, no-transform" }, {}],
    ["a picture", { "content-type": "image/avif", "content-length": "70000" }, {}],
    ["a video", { "content-type": "video/mp4" }, {}],
    ["no type", {}, {}],
    ["a small body", { ...html, "content-length": String(MIN_COMPRESSED_BYTES - 1) }, {}],
  ])("%s: as it is", (_, headers, overrides) => {
    expect(answer(headers, overrides)).toBe("plain");
  });
});

/** A server whose handler writes through compressAnswers, as npm start's does. */
async function serve(handler: http.RequestListener) {
  const server = http.createServer((request, response) => {
    compressAnswers(request, response);
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

interface Received {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** When each piece arrived, ms after the head. */
  arrivals: number[];
}

function get(port: number, headers: Record<string, string>, method = "GET"): Promise<Received> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, path: "/", method, headers, agent: false },
      (response) => {
        const started = Date.now();
        const chunks: Buffer[] = [];
        const arrivals: number[] = [];
        response.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          arrivals.push(Date.now() - started);
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
            arrivals,
          }),
        );
      },
    );
    request.on("error", reject);
    request.end();
  });
}

const page = Buffer.from(`<!doctype html><title>x</title>${"<p>Vif Argent Productions</p>".repeat(400)}`);

describe("answers through the front's compression", () => {
  test("a page known whole goes out gzipped, with its length, and varies on Accept-Encoding", async () => {
    const site = await serve((_, response) => {
      response.setHeader("Content-Type", "text/html; charset=utf-8");
      response.setHeader("Vary", "RSC");
      response.setHeader("Content-Length", page.length);
      response.end(page);
    });
    try {
      const gzipped = await get(site.port, { "Accept-Encoding": "gzip, br" });
      expect(gzipped.headers["content-encoding"]).toBe("gzip");
      expect(gzipped.headers["transfer-encoding"]).toBeUndefined();
      expect(Number(gzipped.headers["content-length"])).toBe(gzipped.body.length);
      expect(gzipped.body.length).toBeLessThan(page.length / 4);
      expect(zlib.gunzipSync(gzipped.body).equals(page)).toBe(true);
      expect(gzipped.headers.vary).toBe("RSC, Accept-Encoding");

      const plain = await get(site.port, { "Accept-Encoding": "identity" });
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(Number(plain.headers["content-length"])).toBe(page.length);
      expect(plain.body.equals(page)).toBe(true);
      expect(plain.headers.vary).toBe("RSC, Accept-Encoding");

      const head = await get(site.port, { "Accept-Encoding": "gzip" }, "HEAD");
      expect(head.headers["content-encoding"]).toBeUndefined();
      expect(Number(head.headers["content-length"])).toBe(page.length);
    } finally {
      await site.close();
    }
  });

  test("a stream goes out gzipped as it comes: each flushed part arrives before the next is written", async () => {
    const site = await serve((_, response) => {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      response.flushHeaders();
      response.write(page.subarray(0, 2000));
      (response as unknown as { flush(): void }).flush();
      setTimeout(() => response.end(page.subarray(2000)), 300);
    });
    try {
      const received = await get(site.port, { "Accept-Encoding": "gzip" });
      expect(received.headers["content-encoding"]).toBe("gzip");
      expect(received.headers["transfer-encoding"]).toBe("chunked");
      expect(zlib.gunzipSync(received.body).equals(page)).toBe(true);
      expect(received.arrivals[0]).toBeLessThan(200);
      expect(received.arrivals.at(-1)).toBeGreaterThanOrEqual(250);
    } finally {
      await site.close();
    }
  });

  test("headers given to writeHead, as an object or a list (flat or in pairs), are kept, repeated ones too", async () => {
    const flat = [
      "Content-Type",
      "text/plain",
      "Set-Cookie",
      "a=1",
      "Set-Cookie",
      "b=2",
      "Content-Length",
      String(page.length),
    ];
    const pairs = flat.flatMap((value, index) => (index % 2 ? [] : [[value, flat[index + 1]!]]));
    for (const headers of [flat, pairs]) {
      const site = await serve((_, response) => {
        response.writeHead(200, "Fine", headers as unknown as string[]);
        response.end(page);
      });
      try {
        const received = await get(site.port, { "Accept-Encoding": "gzip" });
        expect(received.headers["set-cookie"]).toEqual(["a=1", "b=2"]);
        expect(received.headers["content-encoding"]).toBe("gzip");
        expect(zlib.gunzipSync(received.body).equals(page)).toBe(true);
      } finally {
        await site.close();
      }
    }
  });

  test("any body, written in any pieces, whole or streamed, arrives as it was written", async () => {
    let current: { pieces: Buffer[]; known: boolean; type: string } = { pieces: [], known: false, type: "" };
    const site = await serve((_, response) => {
      const { pieces, known, type } = current;
      response.setHeader("Content-Type", type);
      if (known)
        response.setHeader(
          "Content-Length",
          pieces.reduce((sum, piece) => sum + piece.length, 0),
        );
      for (const piece of pieces.slice(0, -1)) response.write(piece);
      response.end(pieces.at(-1));
    });
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.uint8Array({ maxLength: 3000 }), { minLength: 1, maxLength: 6 }),
          fc.boolean(),
          fc.constantFrom("text/html; charset=utf-8", "application/json", "image/png"),
          fc.constantFrom("gzip", "identity", "*;q=0, identity"),
          async (pieces, known, type, encoding) => {
            current = { pieces: pieces.map((piece) => Buffer.from(piece)), known, type };
            const received = await get(site.port, { "Accept-Encoding": encoding });
            const body =
              received.headers["content-encoding"] === "gzip"
                ? zlib.gunzipSync(received.body)
                : received.body;
            expect(body.equals(Buffer.concat(current.pieces))).toBe(true);
            if (received.headers["content-length"] !== undefined)
              expect(Number(received.headers["content-length"])).toBe(received.body.length);
          },
        ),
        { numRuns: 150, seed: 32 },
      );
    } finally {
      await site.close();
    }
  });
});

test.each([
  [
    "once end() returns, the answer is ended as Node would have it: a later status change cannot reach the client",
    (response: http.ServerResponse) => {
      response.setHeader("Content-Type", "text/html; charset=utf-8");
      response.setHeader("Content-Length", page.length);
      response.end(page);
      expect(response.headersSent).toBe(true);
      expect(response.writableEnded).toBe(true);
      response.statusCode = 500;
    },
  ],
  [
    "a head written, then the status changed before the body: the head's status goes out, as Node would send it",
    (response: http.ServerResponse) => {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": page.length });
      response.statusCode = 500;
      response.end(page);
    },
  ],
])("%s", async (_, handler) => {
  const site = await serve((_request, response) => handler(response));
  try {
    const received = await get(site.port, { "Accept-Encoding": "gzip" });
    expect(received.status).toBe(200);
    expect(zlib.gunzipSync(received.body).equals(page)).toBe(true);
  } finally {
    await site.close();
  }
});

test("a stream goes no faster than its client reads: zlib's queue stays small and the writer waits, for a slow reader and a stopped one", async () => {
  // Text zlib cannot shrink much (random base64): what the client has not read fills the way back.
  const part = Buffer.from(randomBytes(48 * 1024).toString("base64"));
  let gzip: zlib.Gzip | undefined;
  const createGzip = zlib.createGzip;
  // Watched from outside: zlib's own property (read-only to assignment, so redefined).
  const watch = (make: typeof createGzip) =>
    Object.defineProperty(zlib, "createGzip", { value: make, configurable: true });
  watch((options) => (gzip = createGzip(options)));
  let written = 0;
  let writing = true;
  const site = await serve(async (_, response) => {
    response.writeHead(200, { "Content-Type": "text/plain; charset=utf-8" });
    // A writer as Next is: it waits for drain when write says so.
    while (writing && !response.destroyed) {
      if (!response.write(part)) await new Promise((resolve) => response.once("drain", resolve));
      written += part.length;
    }
    response.end();
  });
  const socket = net.connect({ port: site.port, host: "127.0.0.1" });
  try {
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write("GET / HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n\r\n");
    let received = 0;
    let mostQueued = 0;
    const sample = setInterval(() => (mostQueued = Math.max(mostQueued, gzip?.writableLength ?? 0)), 20);
    // Slow: a pause after every piece it reads.
    let stopped = false;
    socket.on("data", (data: Buffer) => {
      received += data.length;
      socket.pause();
      setTimeout(() => stopped || socket.resume(), 20);
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // Stopped: nothing read for a second.
    stopped = true;
    socket.pause();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = written;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    clearInterval(sample);
    expect(received).toBeGreaterThan(0);
    expect(mostQueued).toBeLessThan(1024 * 1024);
    expect(written - before).toBeLessThanOrEqual(2 * part.length);
  } finally {
    writing = false;
    socket.destroy();
    watch(createGzip);
    await site.close();
  }
  // The client gone: zlib's stream goes too.
  for (let tries = 0; tries < 50 && !gzip?.destroyed; tries++)
    await new Promise((resolve) => setTimeout(resolve, 10));
  expect(gzip?.destroyed).toBe(true);
}, 30_000);
