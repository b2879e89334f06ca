/**
 * The page's own floor: a route's HTML exactly as `npm start` sends it, minus every script (the
 * framework's files, their preloads and the inline payload), served as a fixed file from an origin
 * of its own, gzip-compressed like the site's; every other request (styles, fonts, pictures) is
 * passed to the site. Lighthouse on this copy shows what the page's own bytes, styles, fonts and
 * pictures cost the first paint, with nothing of the framework's around them: the gap between it and
 * the floor is the page's content, the gap between the site and it is what serving it adds.
 */
import { createServer, request as httpRequest, type Server } from "node:http";
import { gzipSync } from "node:zlib";

/**
 * The HTML without anything that runs or fetches a script: `<script>` elements (inline or not,
 * whatever their type) and links that preload scripts. Everything else stays byte for byte.
 */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "")
    .replace(/<link\b[^>]*>/gi, (link) =>
      /\brel="?modulepreload\b/i.test(link) ||
      (/\brel="?preload\b/i.test(link) && /\bas="?script\b/i.test(link))
        ? ""
        : link,
    );
}

export interface StaticCopyServer {
  /** The copy's origin; its pages are at the site's paths. */
  origin: string;
  stop(): Promise<void>;
}

/**
 * Serves, for each of `paths`, the script-free copy of the site's page at that path (fetched once,
 * now), and passes every other request to `siteOrigin` as it came.
 */
export async function startStaticCopy(siteOrigin: string, paths: string[]): Promise<StaticCopyServer> {
  const pages = new Map<string, { plain: Buffer; gzip: Buffer }>();
  for (const path of paths) {
    const response = await fetch(siteOrigin + path);
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    const plain = Buffer.from(withoutScripts(await response.text()));
    pages.set(path, { plain, gzip: gzipSync(plain) });
  }
  const site = new URL(siteOrigin);
  const server: Server = createServer((req, res) => {
    const page = pages.get(req.url ?? "");
    if (page) {
      const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
      const body = gzip ? page.gzip : page.plain;
      res.writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        "content-length": body.length,
        "cache-control": "no-store",
        ...(gzip ? { "content-encoding": "gzip" } : {}),
      });
      res.end(body);
      return;
    }
    const upstream = httpRequest(
      {
        host: site.hostname,
        port: site.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: site.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the static copy has no port");
  return {
    origin: `http://127.0.0.1:${address.port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
