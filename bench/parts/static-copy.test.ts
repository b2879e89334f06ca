import { createServer, get, type IncomingMessage } from "node:http";
import { gunzipSync } from "node:zlib";

import { startStaticCopy, withoutScripts } from "./static-copy";

describe("withoutScripts", () => {
  it("removes every script element and script preload, and nothing else", () => {
    const html =
      '<html><head><meta charset="utf-8"/><link rel="preload" as="script" fetchPriority="low" href="/a.js"/>' +
      '<link rel="modulepreload" href="/m.js"><link rel="preload" as="image" href="/p.avif"/>' +
      '<link rel="stylesheet" href="/s.css" type="text/x-inlined"/><style>p{color:red}</style>' +
      '<script src="/a.js" async=""></script></head><body><p>Text</p>' +
      '<script>self.__next_f.push([1,"<p>in the payload</p>"])</script>' +
      '<SCRIPT type="application/ld+json">{"@type":"Organization"}</SCRIPT><noscript><p>No JS</p></noscript></body></html>';
    expect(withoutScripts(html)).toBe(
      '<html><head><meta charset="utf-8"/><link rel="preload" as="image" href="/p.avif"/>' +
        '<link rel="stylesheet" href="/s.css" type="text/x-inlined"/><style>p{color:red}</style>' +
        "</head><body><p>Text</p><noscript><p>No JS</p></noscript></body></html>",
    );
  });
});

describe("startStaticCopy", () => {
  it("serves each page's copy, gzip-compressed when asked, and passes every other request to the site", async () => {
    const site = createServer((req, res) => {
      if (req.url === "/page") {
        res.writeHead(200, { "content-type": "text/html" });
        res.end('<p>Page</p><script src="/app.js"></script>');
      } else {
        res.writeHead(418, { "x-from": "site" });
        res.end(`asset ${req.url}`);
      }
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    const { port } = site.address() as { port: number };
    const copy = await startStaticCopy(`http://127.0.0.1:${port}`, ["/page"]);
    try {
      const plain = await fetch(`${copy.origin}/page`, { headers: { "accept-encoding": "identity" } });
      expect(await plain.text()).toBe("<p>Page</p>");
      const raw = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
        const req = get(
          `${copy.origin}/page`,
          { headers: { "accept-encoding": "gzip" } },
          (res: IncomingMessage) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () =>
              resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }),
            );
          },
        );
        req.on("error", reject);
      });
      expect(raw.encoding).toBe("gzip");
      expect(gunzipSync(raw.body).toString()).toBe("<p>Page</p>");
      const asset = await fetch(`${copy.origin}/_next/static/x.css?v=1`);
      expect(asset.status).toBe(418);
      expect(asset.headers.get("x-from")).toBe("site");
      expect(await asset.text()).toBe("asset /_next/static/x.css?v=1");
    } finally {
      await copy.stop();
      await new Promise((resolve) => site.close(resolve));
    }
  });
});
