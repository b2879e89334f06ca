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
 * ./first-paint-script.mjs's). Hydration then
 * starts after the first paint instead of before it; what runs, and what React finds in the head
 * when it hydrates (its scripts, by their `src`), is the same. A visitor without JavaScript gets
 * the same page: none of it ran for them before either. The page's entry script, which React
 * writes at the end of the body (it only queues the page's modules until the runtime, one of the
 * scripts here, arrives), stays there: the front holds the head only.
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
  /<script src="(?<script>[^"]*)" async=""><\/script>|<link rel="preload" as="script"(?: fetchPriority="(?:low|high|auto)")? href="(?<preload>[^"]*)"\/>/;

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
 * @param {string} head the page up to its `</head>`
 */
export function scriptsAfterFirstPaint(head) {
  /** @type {string[]} */
  const scripts = [];
  /** @type {string[]} */
  const preloads = [];
  let out = "";
  let at = 0;
  /** @type {number | undefined} where the loader goes in `out`: where the first element was */
  let loaderAt;
  for (const match of headElements(head, SCRIPT_ELEMENT)) {
    const { element = "", script, preload } = match.groups ?? {};
    const src = script ?? preload ?? "";
    if (!BUILD_SCRIPT.test(src)) continue;
    (script === undefined ? preloads : scripts).push(src);
    out += head.slice(at, match.index);
    loaderAt ??= out.length;
    at = match.index + element.length;
  }
  if (loaderAt === undefined) return head;
  out += head.slice(at);
  return out.slice(0, loaderAt) + loader(scripts, preloads) + out.slice(loaderAt);
}
