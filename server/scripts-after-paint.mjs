// @ts-check
/**
 * The framework's scripts, fetched once the page has painted. React writes each of Next's script
 * files into the head (`<script src async>`, and `<link rel="preload" as="script">` for the ones a
 * page will ask for), so a browser starts fetching ~150 kB gzip of scripts while the HTML is still
 * arriving: on a slow link they share it with the page's own bytes and its first picture, and on
 * a fast one they arrive and run (hydration) before the first frame, which then waits for them
 * (bench/README.md, "What the first paint waits for").
 *
 * Here those elements leave the head, and one small inline script takes their place: once the
 * page's first contentful paint is on screen, it adds the same scripts and preloads, in the same
 * order, as the async elements they were (dynamically added scripts are async; the moment is
 * ./first-paint-script.mjs's). Hydration then starts after the first paint instead of before it;
 * what runs, and what React finds in the head when it hydrates (its scripts, by their `src`), is
 * the same. A visitor without JavaScript gets the same page: none of it ran for them before either.
 *
 * The page's entry goes too. React preloads each of its bootstrap scripts in the head (a script
 * preload at `fetchPriority="low"`, its own form for them) and writes it as a script at the end of
 * the body, which a browser's preload scanner fetches as soon as the HTML arrives, before the first
 * paint: Lighthouse's simulation then counts the task that asked for it, and the file, into the
 * largest paint (bench/README.md, "What the first paint waits for"). The loader adds those as
 * scripts, first, and the body goes out without their elements (./body-without.mjs). A body that
 * still carried one, in a form not known here (a nonce), would have its file added twice and run
 * twice: the entry only registers the page's modules for the runtime, so that registers them again
 * and nothing more (tried: the page hydrates, without an error).
 */

import { afterFirstPaintScript, scriptList } from "./first-paint-script.mjs";
import { headElements } from "./head-elements.mjs";

/** The build's own scripts, and only those: a path under `/_next/static/`, no dot segment. */
const BUILD_SCRIPT = /^\/_next\/static\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*\.js$/;

/**
 * React's serialisation of the two elements that fetch a script Next writes into the head: a
 * preinitialised script (`async`, no other attribute) or a preload (attributes in this order,
 * self-closed).
 */
const SCRIPT_ELEMENT =
  /<script src="(?<script>[^"]*)" async=""><\/script>|<link rel="preload" as="script"(?: fetchPriority="(?<priority>low|high|auto)")? href="(?<preload>[^"]*)"\/>/;

/**
 * The element React writes at the end of the body for a bootstrap script it preloaded in the head.
 * @param {string} src as the head has it (an attribute's value, escaped as React escapes it)
 */
const entryElement = (src) => `<script src="${src}" async=""></script>`;

/**
 * The loader: `scripts` and `preloads` added once the page's first contentful paint is on screen,
 * the preloads at low priority, the scripts async (as the elements they were).
 * @param {string[]} scripts @param {string[]} preloads
 */
function loader(scripts, preloads) {
  return afterFirstPaintScript({
    action:
      `${scriptList(preloads)}.forEach(function(h){var l=d.createElement("link");l.rel="preload";l.as="script";l.fetchPriority="low";l.href=h;d.head.appendChild(l)});` +
      `${scriptList(scripts)}.forEach(function(h){var e=d.createElement("script");e.src=h;e.async=true;d.head.appendChild(e)})`,
  });
}

/**
 * The head of a page with the build's async scripts and script preloads taken out and one loader
 * in the place of the first of them; a script of any other form or address stays as it was, and
 * so does anything in a comment or in an inline script's or a style's text (./head-elements.mjs).
 * `bodyWithout`: the entry's elements the body must go out without, now that the loader adds them.
 * @param {string} head the page up to its `</head>`
 * @returns {{ head: string, bodyWithout: string[] }}
 */
export function scriptsAfterFirstPaint(head) {
  /** @type {string[]} */
  const scripts = [];
  /** @type {string[]} */
  const entries = [];
  /** @type {string[]} */
  const preloads = [];
  let out = "";
  let at = 0;
  /** @type {number | undefined} where the loader goes in `out`: where the first element was */
  let loaderAt;
  for (const match of headElements(head, SCRIPT_ELEMENT)) {
    const { element = "", script, preload, priority } = match.groups ?? {};
    const src = script ?? preload ?? "";
    if (!BUILD_SCRIPT.test(src)) continue;
    if (script !== undefined) scripts.push(src);
    else (priority === "low" ? entries : preloads).push(src);
    out += head.slice(at, match.index);
    loaderAt ??= out.length;
    at = match.index + element.length;
  }
  if (loaderAt === undefined) return { head, bodyWithout: [] };
  out += head.slice(at);
  // (each file once: a script added twice runs twice)
  return {
    head:
      out.slice(0, loaderAt) + loader([...new Set([...entries, ...scripts])], preloads) + out.slice(loaderAt),
    bodyWithout: [...new Set(entries)].map(entryElement),
  };
}
