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

/** The stylesheets of the build's own, and only those: a path under `/_next/static/`, no dot segment. */
const BUILD_STYLESHEET =
  /^\/_next\/static\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*\.css$/;

/** React's serialisation of a stylesheet Next links (attributes in this order, self-closed). */
const STYLESHEET_LINK = /<link rel="stylesheet" href="([^"]*)" data-precedence="next"\/>/g;

/** A `url()`, its address in double quotes, single quotes or none (CSS names are case-blind). */
const URL_FUNCTION = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^"')]*?))\s*\)/gi;

/**
 * A stylesheet's text as it may stand inside the page: its relative `url()`s made absolute (they
 * were relative to the stylesheet's own address, `../media/…` for the fonts), or undefined when it
 * cannot be written into a `<style>` (it contains `</style`, which would end the element, or a
 * `url()` with a CSS escape or a space, which this does not resolve).
 * @param {string} css @param {string} href the stylesheet's path
 * @returns {string | undefined}
 */
export function cssForInlining(css, href) {
  // (`@import` and `@charset` stand only at a sheet's start, which a run joined into one is not)
  if (/<\/style|@import|@charset/i.test(css)) return undefined;
  let resolvable = true;
  const inlined = css.replace(URL_FUNCTION, (whole, double, single, bare) => {
    const ref = double ?? single ?? bare ?? "";
    const quote = double !== undefined ? '"' : single !== undefined ? "'" : "";
    if (ref === "" || /^(?:[a-z][a-z0-9+.-]*:|\/|#)/i.test(ref)) return whole;
    // (a CSS escape or a space is not resolved here: such a sheet keeps its own address)
    if (/[\\\s]/.test(ref)) {
      resolvable = false;
      return whole;
    }
    const { pathname, search, hash } = new URL(ref, new URL(href, "http://site.invalid"));
    const absolute = pathname + search + hash;
    return `url(${quote}${absolute}${quote})`;
  });
  return resolvable ? inlined : undefined;
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
