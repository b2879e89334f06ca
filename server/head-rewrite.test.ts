import fc from "fast-check";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";

import { compressAnswers } from "@/server/compression.mjs";
import { facesAfterFirstPaint } from "@/server/faces-after-paint.mjs";
import { rewriteHeads } from "@/server/head-rewrite.mjs";
import { inlineHeadStyles } from "@/server/inline-styles.mjs";
import { scriptsAfterFirstPaint } from "@/server/scripts-after-paint.mjs";

const link = (href: string) => `<link rel="stylesheet" href="${href}" data-precedence="next"/>`;

const SHEETS: Record<string, string> = {
  "/_next/static/chunks/a.css":
    "@font-face{font-family:t;src:url(/_next/static/media/t.woff2)}body{color:red}",
  "/_next/static/chunks/b.css": ".b{color:blue}",
};
/** The head as npm start writes it (server/main.mjs): styles in, scripts and faces after the first paint. */
const rewrite = (head: string) => {
  const scripts = scriptsAfterFirstPaint(head);
  return {
    head: facesAfterFirstPaint(inlineHeadStyles(scripts.head, (href) => SHEETS[href])),
    bodyWithout: scripts.bodyWithout,
  };
};
const rewritten = (head: string) => rewrite(head).head;

/** A server that writes `pieces` as the page, through the front's compression and head rewriting. */
async function serve(
  answer: (response: http.ServerResponse) => void,
  options: Partial<Parameters<typeof rewriteHeads>[2]> = {},
) {
  const server = http.createServer((request, response) => {
    compressAnswers(request, response);
    rewriteHeads(request, response, { rewrite, ...options });
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

const HEAD = `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"/>${link("/_next/static/chunks/a.css")}${link("/_next/static/chunks/b.css")}<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/entry.js"/><script src="/_next/static/chunks/app.js" async=""></script><title>Vif Argent — épisodes</title></head>`;
/** React's entry element, at the end of the body: the head's loader adds its file instead. */
const ENTRY = '<script src="/_next/static/chunks/entry.js" async=""></script>';
const BODY = `<body><p>Des histoires qui ne tiennent pas en place.</p>${"<p>Réalisé — été</p>".repeat(300)}<script id="_R_">x()</script>${ENTRY}</body></html>`;
const BODY_OUT = BODY.replace(ENTRY, "");
const EXPECTED =
  rewritten(HEAD.slice(0, HEAD.indexOf("</head>"))) + HEAD.slice(HEAD.indexOf("</head>")) + BODY_OUT;

describe("pages through npm start's front", () => {
  test("a page written in any pieces, streamed or known whole, gzipped or not, arrives with its head rewritten, its entry out of the body, and a true length or none", async () => {
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
            // A length is the true one; a page known whole that came in one write keeps it (one
            // whose rest was still to come when its head went out may lose bytes: it goes chunked).
            if (answer.headers["content-length"] !== undefined && !gzip)
              expect(Number(answer.headers["content-length"])).toBe(Buffer.byteLength(EXPECTED));
            if (whole && !gzip && cuts.length === 0)
              expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength(EXPECTED)));
          } finally {
            await site.close();
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  test("a `</head>` in a head script's text or in a comment does not end the head: the head is rewritten whole, in any pieces", async () => {
    const head = `<!DOCTYPE html><html><head><meta charset="utf-8"/><script>var end="</head>";</script><!-- </HEAD> -->${link("/_next/static/chunks/a.css")}<script src="/_next/static/chunks/app.js" async=""></script><title>t</title>`;
    const page = Buffer.from(`${head}</head>${BODY}`);
    // (this head preloads no entry: the body's element stays)
    const expected = `${rewritten(head)}</head>${BODY}`;
    // (the stylesheet after the look-alikes is inlined: the head went to the rewrite whole)
    expect(expected).toContain("body{color:red}");
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: page.length - 1 }), { maxLength: 8 }),
        async (cuts) => {
          const bounds = [0, ...cuts.sort((a, b) => a - b), page.length];
          const site = await serve((response) => {
            response.writeHead(200, { "Content-Type": "text/html", "Content-Length": String(page.length) });
            for (const [index, end] of bounds.slice(1).entries())
              response.write(page.subarray(bounds[index], end));
            response.end();
          });
          try {
            const answer = await get(site.port);
            expect(answer.body).toBe(expected);
            if (answer.headers["content-length"] !== undefined)
              expect(Number(answer.headers["content-length"])).toBe(Buffer.byteLength(expected));
          } finally {
            await site.close();
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  test("a head with bytes that are not UTF-8 ends where its `</head>` is: the rewrite gets the head to there, the rest passes byte for byte", async () => {
    const head = Buffer.concat([
      Buffer.from(`<html><head>${link("/_next/static/chunks/a.css")}<title>caf`),
      Buffer.from([0xe9, 0xff, 0xfe]),
      Buffer.from("</title>"),
    ]);
    const rest = Buffer.from(`</head>${BODY}`);
    const heads: string[] = [];
    const site = await serve(
      (response) => {
        response.writeHead(200, { "Content-Type": "text/html" });
        response.write(head);
        response.end(rest);
      },
      { rewrite: (text) => (heads.push(text), rewrite(text)) },
    );
    try {
      const answer = await get(site.port);
      expect(heads).toEqual([head.toString("utf8")]);
      expect(answer.body).toBe(rewritten(head.toString("utf8")) + rest.toString("utf8"));
    } finally {
      await site.close();
    }
  });

  test("a head's end tag cut anywhere between two writes still ends the head there: a body past the bound after it does not send the head unrewritten", async () => {
    const head = HEAD.slice(0, HEAD.indexOf("</head>"));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("</head", "</HEAD", "</HeAd"),
        fc.stringMatching(/^[ \t\n]{0,3}$/),
        fc.nat(),
        async (name, spaces, cut) => {
          const end = `${name}${spaces}>`;
          const at = cut % (end.length + 1);
          const site = await serve(
            (response) => {
              response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
              response.write(head + end.slice(0, at));
              response.write(end.slice(at));
              response.write(BODY);
              response.end();
            },
            { maxHeadBytes: 2048 },
          );
          try {
            expect((await get(site.port)).body).toBe(rewritten(head) + end + BODY_OUT);
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

  test("a range, a bodiless status or a head with nothing to rewrite goes out byte for byte", async () => {
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

  test("a head longer than the bound goes out as it came, the page whole, written in pieces or at once", async () => {
    const long = HEAD.replace("<title>", `<meta name="x" content="${"y".repeat(4096)}"/><title>`);
    for (const piece of [1000, long.length]) {
      const site = await serve(
        (response) => {
          response.writeHead(200, { "Content-Type": "text/html" });
          for (let at = 0; at < long.length; at += piece) response.write(long.slice(at, at + piece));
          response.end(BODY);
        },
        { maxHeadBytes: 2048 },
      );
      try {
        expect((await get(site.port)).body).toBe(long + BODY);
      } finally {
        await site.close();
      }
    }
  });

  test("a rewrite that fails sends the page as Next wrote it, whole and with its length, and says why", async () => {
    const page = HEAD + BODY;
    const heard: unknown[] = [];
    for (const whole of [true, false]) {
      const site = await serve(
        (response) => {
          response.writeHead(200, {
            "Content-Type": "text/html",
            ...(whole ? { "Content-Length": String(Buffer.byteLength(page)) } : {}),
          });
          if (whole) response.end(page);
          else {
            response.write(HEAD.slice(0, 30));
            response.write(HEAD.slice(30));
            response.end(BODY);
          }
        },
        {
          rewrite: () => {
            throw new Error("a stylesheet the reader could not take");
          },
          onError: (error) => heard.push(error),
        },
      );
      try {
        const answer = await get(site.port);
        expect(answer.body).toBe(page);
        if (whole) expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength(page)));
      } finally {
        await site.close();
      }
    }
    expect(heard.map(String)).toEqual([
      "Error: a stylesheet the reader could not take",
      "Error: a stylesheet the reader could not take",
    ]);
  });

  test("while the head is held its headers count as sent: a writer that checks (Next does) sets none late, and the length stays true", async () => {
    const seen: boolean[] = [];
    const site = await serve((response) => {
      // Next's own guard around setHeader: a header set once the headers went out is dropped.
      const setHeader = response.setHeader.bind(response);
      response.setHeader = (name, value) => (response.headersSent ? response : setHeader(name, value));
      const page = Buffer.from(HEAD + BODY);
      response.writeHead(200, { "Content-Type": "text/html", "Content-Length": String(page.length) });
      seen.push(response.headersSent);
      response.write(page.subarray(0, 20));
      seen.push(response.headersSent);
      response.setHeader("Set-Cookie", "late=1");
      response.end(page.subarray(20));
      seen.push(response.headersSent);
    });
    try {
      const answer = await get(site.port);
      // (as Node has them: sent from writeHead on)
      expect(seen).toEqual([true, true, true]);
      expect(answer.headers["set-cookie"]).toBeUndefined();
      expect(answer.body).toBe(EXPECTED);
      expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength(EXPECTED)));
    } finally {
      await site.close();
    }
  });
});
