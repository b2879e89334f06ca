// @ts-check
/**
 * A page's stylesheets, written into its head. Next links each page's CSS as separate files
 * (`<link rel="stylesheet" … data-precedence="next">`), and a browser paints nothing until every
 * one of them has arrived: on a slow link each costs a round trip after the HTML's, the largest
 * part of the first paint's delay (bench/README.md, "What the first paint waits for"). Next's
 * own `experimental.inlineCss` writes them inline too, but inside the page's React tree, so the
 * whole CSS goes out twice (as `<style>` and again in the page's payload).
 *
 * Here the front writes the same rules once, outside React: the run of linked stylesheets becomes
 * one `<style>` in their place, and each link stays in the head typed `text/x-inlined`, which
 * browsers do not fetch (they do fetch a `disabled` one), so that React, hydrating, finds the stylesheet it rendered already in the document
 * (it looks for a `link[rel="stylesheet"]` with that `href`) and neither fetches nor inserts it
 * again. A page reached later by a client navigation links its own new stylesheets as Next does.
 * The rules and their order are the ones the links gave: what visitors see does not change.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import { applyHeaders, splitEnd, toBuffer } from "./compression.mjs";

/** The stylesheets of the build's own, and only those: a path under `/_next/static/`, no dot segment. */
const BUILD_STYLESHEET =
  /^\/_next\/static\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*\.css$/;

/** A head this long without its end is not a page of the site's: it goes out as it came. */
export const MAX_HEAD_BYTES = 256 * 1024;

/** React's serialisation of a stylesheet Next links (attributes in this order, self-closed). */
const STYLESHEET_LINK = /<link rel="stylesheet" href="([^"]*)" data-precedence="next"\/>/g;

/**
 * A stylesheet's text as it may stand inside the page: its relative `url()`s made absolute (they
 * were relative to the stylesheet's own address, `../media/…` for the fonts), or undefined when it
 * cannot be written into a `<style>` (it contains `</style`, which would end the element).
 * @param {string} css @param {string} href the stylesheet's path
 * @returns {string | undefined}
 */
export function cssForInlining(css, href) {
  // (`@import` and `@charset` stand only at a sheet's start, which a run joined into one is not)
  if (/<\/style|@import|@charset/i.test(css)) return undefined;
  return css.replace(/url\(\s*(["']?)([^"')\s]*)\1\s*\)/g, (whole, quote, ref) => {
    if (ref === "" || /^(?:[a-z][a-z0-9+.-]*:|\/|#)/i.test(ref)) return whole;
    const { pathname, search, hash } = new URL(ref, new URL(href, "http://site.invalid"));
    const absolute = pathname + search + hash;
    return `url(${quote}${absolute}${quote})`;
  });
}

/**
 * The head of a page with each run of the build's linked stylesheets written into one `<style>`,
 * the links kept after it, typed so that no browser fetches them. A stylesheet `read` cannot give stays linked (and ends a run,
 * so the rules keep their order).
 * @param {string} head the page up to its `</head>`
 * @param {(href: string) => string | undefined} read a stylesheet's text, ready for inlining
 */
export function inlineHeadStyles(head, read) {
  /** @type {Array<{ start: number, end: number, href: string, css: string | undefined }>} */
  const links = [...head.matchAll(STYLESHEET_LINK)].map((match) => {
    const href = match[1] ?? "";
    return {
      start: match.index,
      end: match.index + match[0].length,
      href,
      css: BUILD_STYLESHEET.test(href) ? read(href) : undefined,
    };
  });
  let out = "";
  let at = 0;
  for (let index = 0; index < links.length;) {
    const first = /** @type {(typeof links)[number]} */ (links[index]);
    if (first.css === undefined) {
      index += 1;
      continue;
    }
    // A run: inlinable links with nothing between them.
    let last = index;
    while (
      last + 1 < links.length &&
      links[last + 1]?.css !== undefined &&
      links[last + 1]?.start === links[last]?.end
    )
      last += 1;
    const run = links.slice(index, last + 1);
    out += head.slice(at, first.start);
    out += `<style data-precedence="next">${run.map((link) => link.css).join("\n")}</style>`;
    out += run
      .map(
        (link) => `<link rel="stylesheet" href="${link.href}" data-precedence="next" type="text/x-inlined"/>`,
      )
      .join("");
    at = run.at(-1)?.end ?? at;
    index = last + 1;
  }
  return out + head.slice(at);
}

/**
 * Reads the build's stylesheets from its folder, each once (they never change under a build:
 * their names are their contents' hashes).
 * @param {string} distDir the build's folder
 * @returns {(href: string) => string | undefined}
 */
export function stylesheetReader(distDir) {
  /** @type {Map<string, string | undefined>} */
  const known = new Map();
  return (href) => {
    if (!BUILD_STYLESHEET.test(href)) return undefined;
    if (known.has(href)) return known.get(href);
    let css;
    try {
      css = readFileSync(path.join(distDir, "static", href.slice("/_next/static/".length)), "utf8");
    } catch {
      return undefined; // not a file of this build: not remembered, linked as it was
    }
    const ready = cssForInlining(css, href);
    known.set(href, ready);
    return ready;
  };
}

/**
 * Makes `response` write the stylesheets of the HTML page it carries into its head
 * ({@link inlineHeadStyles}). The head is held until its `</head>` (or the end, or
 * {@link MAX_HEAD_BYTES}), then goes out rewritten, its Content-Length (when Next gave one)
 * corrected; the rest of the page passes as Next writes it. Install after compressAnswers, so that
 * compression sees the rewritten page.
 * @param {import("node:http").IncomingMessage} request
 * @param {import("node:http").ServerResponse} response
 * @param {{ read: (href: string) => string | undefined, maxHeadBytes?: number }} options
 */
export function inlineStylesheets(request, response, { read, maxHeadBytes = MAX_HEAD_BYTES }) {
  const method = request.method ?? "GET";
  const below = {
    writeHead: response.writeHead.bind(response),
    flushHeaders: response.flushHeaders.bind(response),
    write: response.write.bind(response),
    end: response.end.bind(response),
  };
  const belowFlush = /** @type {{ flush?: () => void }} */ (response).flush;
  /** @type {"undecided" | "holding" | "passing"} */
  let state = "undecided";
  /** @type {Buffer[]} */
  let held = [];
  /** The status the head was written with: what goes out, as Node would have sent it then. */
  let headStatus = 0;
  let heldBytes = 0;
  /** The held part's last bytes: a `</head>` may come split between two writes. */
  let tail = Buffer.alloc(0);

  /** @returns {"holding" | "passing"} */
  const decide = () => {
    headStatus ||= response.statusCode;
    const html = /^text\/html\s*(?:;|$)/i.test(String(response.getHeader("content-type") ?? ""));
    const encoded = String(response.getHeader("content-encoding") ?? "identity").toLowerCase() !== "identity";
    const status = response.statusCode;
    const bodiless = status === 204 || status === 304 || status < 200;
    if (!html || encoded || bodiless || status === 206 || response.hasHeader("content-range"))
      return "passing";
    if (method === "HEAD") {
      // Its GET's length is not known without its body.
      response.removeHeader("content-length");
      return "passing";
    }
    return "holding";
  };

  /** The held part out, its head rewritten when it holds the whole head and has stylesheets. */
  const release = () => {
    const body = Buffer.concat(held);
    const headEnd = body.indexOf("</head>");
    let out = body;
    if (headEnd >= 0) {
      const head = body.subarray(0, headEnd).toString("utf8");
      const rewritten = inlineHeadStyles(head, read);
      if (rewritten !== head) out = Buffer.concat([Buffer.from(rewritten, "utf8"), body.subarray(headEnd)]);
    }
    const length = response.getHeader("content-length");
    if (length !== undefined && out !== body)
      response.setHeader("Content-Length", Number(length) + out.length - body.length);
    held = [];
    heldBytes = 0;
    state = "passing";
    below.writeHead(headStatus);
    return out;
  };

  response.writeHead = /** @type {typeof response.writeHead} */ (
    (/** @type {number} */ status, /** @type {any[]} */ ...rest) => {
      if (state !== "undecided") return state === "passing" ? below.writeHead(status, ...rest) : response;
      const headers = typeof rest[0] === "string" ? rest[1] : rest[0];
      if (typeof rest[0] === "string") response.statusMessage = rest[0];
      response.statusCode = status;
      headStatus = status;
      applyHeaders(response, headers);
      state = decide();
      return state === "passing" ? below.writeHead(status) : response;
    }
  );
  response.flushHeaders = () => {
    if (state === "undecided") state = decide();
    if (state === "passing") below.flushHeaders();
  };
  if (belowFlush)
    Object.assign(response, {
      flush: () => {
        if (state === "passing") belowFlush();
      },
    });

  response.write = /** @type {typeof response.write} */ (
    (/** @type {any} */ chunk, /** @type {any[]} */ ...rest) => {
      if (state === "undecided") state = decide();
      if (state === "passing") return below.write(chunk, ...rest);
      const callback = typeof rest.at(-1) === "function" ? rest.at(-1) : undefined;
      const data = toBuffer(chunk, rest[0]);
      held.push(data);
      heldBytes += data.length;
      // Held is as good as written: a writer waiting for it must not wait for the rest of the head.
      if (callback) process.nextTick(callback);
      const seen = Buffer.concat([tail, data]);
      tail = seen.subarray(-"</head>".length + 1);
      if (seen.includes("</head>") || heldBytes > maxHeadBytes) return below.write(release());
      return true;
    }
  );

  response.end = /** @type {typeof response.end} */ (
    (/** @type {any[]} */ ...args) => {
      if (state === "undecided") state = decide();
      if (state === "passing") return below.end(...args);
      const { chunk, callback } = splitEnd(args);
      if (chunk) held.push(chunk);
      const out = release();
      return callback ? below.end(out, callback) : below.end(out);
    }
  );
}
