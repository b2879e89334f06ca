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
 * order, as the async elements they were (dynamically added scripts are async). Hydration then
 * starts after the first paint instead of before it; what runs, and what React finds in the head
 * when it hydrates (its scripts, by their `src`), is the same. A visitor without JavaScript gets
 * the same page: none of it ran for them before either. A hidden tab paints nothing, so its
 * scripts come a second after the page is parsed instead. The page's entry script, which React
 * writes at the end of the body (it only queues the page's modules until the runtime, one of the
 * scripts here, arrives), stays there: the front holds the head only.
 */

/** The build's own scripts, and only those: a path under `/_next/static/`, no dot segment. */
const BUILD_SCRIPT = /^\/_next\/static\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*\.js$/;

/**
 * React's serialisation of the two elements that fetch a script Next writes into the head: a
 * preinitialised script (`async`, no other attribute) or a preload (attributes in this order,
 * self-closed); the address is the first group's or the second's.
 */
const SCRIPT_ELEMENT =
  /<script src="([^"]*)" async=""><\/script>|<link rel="preload" as="script"(?: fetchPriority="(?:low|high|auto)")? href="([^"]*)"\/>/g;

/**
 * The loader: `scripts` and `preloads` added once the page's first contentful paint is on screen
 * (a `paint` entry; where a browser gives none, once the document is parsed and a frame has run:
 * a task queued from `requestAnimationFrame` runs after that frame), and at the latest a second
 * after the document is parsed (a hidden tab paints nothing).
 * @param {string[]} scripts @param {string[]} preloads
 */
function loader(scripts, preloads) {
  // (`<` escaped: the addresses are the build's paths, but nothing in a script may end it)
  const list = (/** @type {string[]} */ values) => JSON.stringify(values).replace(/</g, "\\u003c");
  return (
    "<script>(function(w,d,s,p){var done=0;function go(){if(done)return;done=1;" +
    'p.forEach(function(h){var l=d.createElement("link");l.rel="preload";l.as="script";l.fetchPriority="low";l.href=h;d.head.appendChild(l)});' +
    's.forEach(function(h){var e=d.createElement("script");e.src=h;e.async=true;d.head.appendChild(e)})}' +
    'var P=w.PerformanceObserver,seen=!!(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0);' +
    'if(seen)new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true});' +
    "function parsed(){if(!seen)w.requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1000)}" +
    'd.readyState==="loading"?d.addEventListener("DOMContentLoaded",parsed):parsed()' +
    `})(window,document,${list(scripts)},${list(preloads)})</script>`
  );
}

/**
 * The head of a page with the build's async scripts and script preloads taken out and one loader
 * in the place of the first of them; a script of any other form or address stays as it was.
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
  for (const match of head.matchAll(SCRIPT_ELEMENT)) {
    const [element, script, preload] = match;
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
