import fc from "fast-check";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

import { compressAnswers } from "@/server/compression.mjs";
import {
  cssForInlining,
  inlineHeadStyles,
  inlineStylesheets,
  stylesheetReader,
} from "@/server/inline-styles.mjs";

const link = (href: string) => `<link rel="stylesheet" href="${href}" data-precedence="next"/>`;
const inlined = (href: string) =>
  `<link rel="stylesheet" href="${href}" data-precedence="next" type="text/x-inlined"/>`;

const SHEETS: Record<string, string> = {
  "/_next/static/chunks/a.css": "body{color:red}",
  "/_next/static/chunks/b.css": ".b{color:blue}",
  "/_next/static/chunks/c.css": ".c{color:green}",
};
const read = (href: string) => SHEETS[href];

describe("a stylesheet's text, ready to stand in a page", () => {
  test("its relative addresses become absolute; others stay as written", () => {
    const css =
      '@font-face{src:url(../media/a.woff2)}@font-face{src:url("../media/b.woff2") format("woff2")}' +
      ".x{background:url('./x.png')}.y{background:url(/assets/y.png)}.z{background:url(data:image/png;base64,AA==)}" +
      ".w{background:url(https://images.prismic.io/w.png)}.f{filter:url(#f)}";
    expect(cssForInlining(css, "/_next/static/chunks/s.css")).toBe(
      '@font-face{src:url(/_next/static/media/a.woff2)}@font-face{src:url("/_next/static/media/b.woff2") format("woff2")}' +
        ".x{background:url('/_next/static/chunks/x.png')}.y{background:url(/assets/y.png)}.z{background:url(data:image/png;base64,AA==)}" +
        ".w{background:url(https://images.prismic.io/w.png)}.f{filter:url(#f)}",
    );
  });

  test("an address keeps its query and fragment", () => {
    expect(cssForInlining(".f{filter:url(../media/f.svg?v=2#blur)}", "/_next/static/chunks/s.css")).toBe(
      ".f{filter:url(/_next/static/media/f.svg?v=2#blur)}",
    );
  });

  test("a stylesheet with @import or @charset, which only a sheet's start may hold, is not inlined", () => {
    expect(
      cssForInlining('@import url("x.css");.a{color:red}', "/_next/static/chunks/s.css"),
    ).toBeUndefined();
    expect(cssForInlining('@charset "utf-8";.a{color:red}', "/_next/static/chunks/s.css")).toBeUndefined();
  });

  test("a stylesheet that would end the <style> it stands in is not inlined", () => {
    expect(
      cssForInlining('.x::after{content:"</style><script>"}', "/_next/static/chunks/s.css"),
    ).toBeUndefined();
    expect(cssForInlining('.x::after{content:"</STYLE "}', "/_next/static/chunks/s.css")).toBeUndefined();
  });
});

describe("a page's head with its stylesheets written in", () => {
  test("a run of links becomes one <style> in its place, each link kept after it, never fetched", () => {
    const head = `<head><meta charset="utf-8"/>${link("/_next/static/chunks/a.css")}${link("/_next/static/chunks/b.css")}<title>t</title>`;
    expect(inlineHeadStyles(head, read)).toBe(
      `<head><meta charset="utf-8"/><style data-precedence="next">body{color:red}\n.b{color:blue}</style>` +
        `${inlined("/_next/static/chunks/a.css")}${inlined("/_next/static/chunks/b.css")}<title>t</title>`,
    );
  });

  test("a stylesheet that cannot be read stays linked, and the rules keep their order around it", () => {
    const head =
      link("/_next/static/chunks/a.css") +
      link("/_next/static/chunks/missing.css") +
      link("/_next/static/chunks/c.css");
    expect(inlineHeadStyles(head, read)).toBe(
      `<style data-precedence="next">body{color:red}</style>${inlined("/_next/static/chunks/a.css")}` +
        link("/_next/static/chunks/missing.css") +
        `<style data-precedence="next">.c{color:green}</style>${inlined("/_next/static/chunks/c.css")}`,
    );
  });

  test("only the build's own stylesheets are read: any other address stays linked, unread", () => {
    const asked: string[] = [];
    const hrefs = [
      "/_next/static/chunks/../../../etc/passwd.css",
      "/_next/static/./chunks/a.css",
      "https://cdn.example/_next/static/chunks/a.css",
      "//cdn.example/_next/static/chunks/a.css",
      "/assets/a.css",
      "/_next/static/chunks/a.css?v=1",
      "/_next/static/chunks/a.js",
    ];
    const head = hrefs.map(link).join("");
    expect(
      inlineHeadStyles(head, (href) => {
        asked.push(href);
        return "x{}";
      }),
    ).toBe(head);
    expect(asked).toEqual([]);
  });
});

describe("the build's stylesheets, read from its folder", () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(path.join(os.tmpdir(), "inline-styles-"));
    mkdirSync(path.join(dist, "static", "chunks"), { recursive: true });
    writeFileSync(path.join(dist, "static", "chunks", "s.css"), "@font-face{src:url(../media/f.woff2)}");
    writeFileSync(path.join(dist, "secret.css"), "x{}");
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  test("each once, ready for the page; nothing outside the build's static folder", () => {
    const readFromBuild = stylesheetReader(dist);
    expect(readFromBuild("/_next/static/chunks/s.css")).toBe(
      "@font-face{src:url(/_next/static/media/f.woff2)}",
    );
    rmSync(path.join(dist, "static", "chunks", "s.css"));
    expect(readFromBuild("/_next/static/chunks/s.css")).toBe(
      "@font-face{src:url(/_next/static/media/f.woff2)}",
    );
    expect(readFromBuild("/_next/static/../secret.css")).toBeUndefined();
    expect(readFromBuild("/_next/static/chunks/none.css")).toBeUndefined();
  });
});

/** A server that writes `pieces` as the page, through the front's compression and inlining. */
async function serve(answer: (response: http.ServerResponse) => void, maxHeadBytes?: number) {
  const server = http.createServer((request, response) => {
    compressAnswers(request, response);
    inlineStylesheets(request, response, { read, ...(maxHeadBytes ? { maxHeadBytes } : {}) });
    answer(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function get(port: number, { gzip = false, method = "GET" } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          path: "/",
          method,
          agent: false,
          headers: gzip ? { "Accept-Encoding": "gzip" } : {},
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            const raw = Buffer.concat(chunks);
            const body = response.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(raw) : raw;
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: body.toString("utf8"),
            });
          });
        },
      );
      request.on("error", reject);
      request.end();
    },
  );
}

const HEAD = `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"/>${link("/_next/static/chunks/a.css")}${link("/_next/static/chunks/b.css")}<title>Vif Argent — épisodes</title></head>`;
const BODY = `<body><p>Des histoires qui ne tiennent pas en place.</p>${"<p>Réalisé — été</p>".repeat(300)}</body></html>`;
const EXPECTED =
  inlineHeadStyles(HEAD.slice(0, HEAD.indexOf("</head>")), read) + HEAD.slice(HEAD.indexOf("</head>")) + BODY;

describe("pages through npm start's front", () => {
  test("a page written in any pieces, streamed or known whole, gzipped or not, arrives with its styles written in and its true length", async () => {
    const page = Buffer.from(HEAD + BODY);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: page.length - 1 }), { maxLength: 12 }),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom("writeHead", "setHeader"),
        fc.boolean(),
        async (cuts, whole, gzip, headWith, typedArrays) => {
          const bounds = [0, ...cuts.sort((a, b) => a - b), page.length];
          // Buffers, or plain Uint8Arrays as a web stream piped into Node writes them.
          const pieces = bounds
            .slice(1)
            .map((end, index) => page.subarray(bounds[index], end))
            .map((piece) => (typedArrays ? new Uint8Array(piece) : piece));
          const site = await serve((response) => {
            const headers = {
              "Content-Type": "text/html; charset=utf-8",
              ...(whole ? { "Content-Length": String(page.length) } : {}),
            };
            if (headWith === "writeHead") response.writeHead(200, headers);
            else for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
            const last = pieces.at(-1)!;
            for (const piece of pieces.slice(0, -1)) response.write(piece);
            response.end(last);
          });
          try {
            const answer = await get(site.port, { gzip });
            expect(answer.status).toBe(200);
            expect(answer.body).toBe(EXPECTED);
            if (whole && !gzip)
              expect(Number(answer.headers["content-length"])).toBe(Buffer.byteLength(EXPECTED));
          } finally {
            await site.close();
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  test("what is not an HTML page passes as it is; a HEAD tells no length it cannot know", async () => {
    const css = HEAD;
    const site = await serve((response) => {
      const type = response.req.method === "HEAD" ? "text/html" : "text/plain";
      response.writeHead(200, { "Content-Type": type, "Content-Length": String(Buffer.byteLength(css)) });
      response.end(response.req.method === "HEAD" ? undefined : css);
    });
    try {
      expect((await get(site.port)).body).toBe(css);
      const head = await get(site.port, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers["content-length"]).toBeUndefined();
    } finally {
      await site.close();
    }
  });

  test("a writer that waits for each write's callback gets it while the head is held", async () => {
    const site = await serve((response) => {
      response.writeHead(200, { "Content-Type": "text/html" });
      void (async () => {
        for (const piece of [HEAD.slice(0, 40), HEAD.slice(40), BODY])
          await new Promise<void>((resolve) => response.write(piece, () => resolve()));
        response.end();
      })();
    });
    try {
      expect((await get(site.port)).body).toBe(EXPECTED);
    } finally {
      await site.close();
    }
  });

  test("the status the head was written with is the one sent, as Node would have it", async () => {
    const site = await serve((response) => {
      response.writeHead(200, { "Content-Type": "text/html", "Cache-Control": "public, max-age=60" });
      response.write(HEAD.slice(0, 40));
      response.statusCode = 500;
      response.end(HEAD.slice(40) + BODY);
    });
    try {
      const answer = await get(site.port);
      expect(answer.status).toBe(200);
      expect(answer.body).toBe(EXPECTED);
    } finally {
      await site.close();
    }
  });

  test("a range, a bodiless status or a head with no stylesheet goes out byte for byte", async () => {
    const latin1Head = Buffer.concat([
      Buffer.from("<html><head><title>"),
      Buffer.from([0xe9]),
      Buffer.from("</title></head><body></body></html>"),
    ]);
    const answers: Array<[number, Record<string, string>, Buffer]> = [
      [206, { "Content-Range": `bytes 0-49/${Buffer.byteLength(HEAD)}` }, Buffer.from(HEAD.slice(0, 50))],
      [200, {}, latin1Head],
    ];
    for (const [status, headers, body] of answers) {
      const site = await serve((response) => {
        response.writeHead(status, {
          "Content-Type": "text/html",
          "Content-Length": String(body.length),
          ...headers,
        });
        response.end(body);
      });
      try {
        const received = await new Promise<Buffer>((resolve, reject) => {
          http
            .get({ host: "127.0.0.1", port: site.port, path: "/", agent: false }, (response) => {
              const chunks: Buffer[] = [];
              response.on("data", (chunk: Buffer) => chunks.push(chunk));
              response.on("end", () => resolve(Buffer.concat(chunks)));
            })
            .on("error", reject);
        });
        expect(received.equals(body)).toBe(true);
      } finally {
        await site.close();
      }
    }
  });

  test("a head longer than the bound goes out as it came, the page whole", async () => {
    const long = HEAD.replace("<title>", `<meta name="x" content="${"y".repeat(4096)}"/><title>`);
    const site = await serve((response) => {
      response.writeHead(200, { "Content-Type": "text/html" });
      for (let at = 0; at < long.length; at += 1000) response.write(long.slice(at, at + 1000));
      response.end(BODY);
    }, 2048);
    try {
      expect((await get(site.port)).body).toBe(long + BODY);
    } finally {
      await site.close();
    }
  });
});
