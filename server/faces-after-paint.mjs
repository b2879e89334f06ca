// @ts-check
/**
 * The site's web fonts, asked for after a first visit's first paint. A face declared in the page's
 * styles is fetched by the first layout that sets text in it, at the highest priority, while the
 * HTML and the first picture are still arriving on a slow link; the first paint cannot use it
 * anyway (it is painted in the face's stand-in, sized like it: lib/fonts/), and a fast load that
 * had fetched ~100 kB of faces before its first frame was priced as waiting for them
 * (bench/README.md, "What the first paint waits for").
 *
 * Here the faces (`@font-face` rules with a `url()`; the stand-ins' `local()` rules stay) leave the
 * page's inlined styles (./inline-styles.mjs) for a `<style media="(scripting: none)">` of their
 * own: a visitor without JavaScript gets them as before, and for everyone else a small script
 * after it decides:
 * - **A page of a visit under way** (the previous page was the site's, or this one reloaded or
 *   restored): its faces are in the browser's cache, so the rules apply at once, as written; the
 *   text face's short wait (`fallback`) lets its first paint use them, and nothing moves.
 * - **A first visit**: once the first contentful paint is on screen (./first-paint-script.mjs),
 *   each rule becomes a `FontFace` (`swap`: a rule's own wait, applied after text has painted,
 *   would hide that text). The faces whose stand-ins that paint set text in (`<family> Fallback…`,
 *   lib/fonts/) are fetched, and every face is given to the page once they have all arrived: the
 *   text changes face once, in one layout (given one by one, the faces cost a layout of the whole
 *   page each, and one more as they were added: bench/README.md). A face no text used yet is
 *   fetched when some does, as a rule's would be. Three seconds on, whatever has arrived is given;
 *   a `fallback` face still loading then is dropped, as that rule would have it: the page keeps its
 *   stand-in rather than move late. From before the first paint until the faces are given, the
 *   document's root carries `data-stand-ins`: boxes that sit side by side on a line (a list's
 *   category chips, the header's links, a work's facts) hold the room their text takes in the
 *   text face for that while (lib/fonts/text-width.ts), so that they do not move when it comes;
 *   not for a visitor whose own styles space the text or set another font (their text would not
 *   fit), which the frame before the first paint reads.
 * No storage is read or written: the decision uses the navigation's own facts.
 */
import { afterFirstPaintScript } from "./first-paint-script.mjs";
import { headElements } from "./head-elements.mjs";

/** The styles ./inline-styles.mjs writes into a head. */
const INLINED_STYLES = /<style data-precedence="next">(?<css>[\s\S]*?)<\/style>/;

/**
 * Where a top-level `@font-face` rule starts (its at-keyword in any case, then its block). Only a
 * rule at the top of the sheet is the sheet's own face: one inside `@media` or `@supports` holds
 * only under its condition, and one in a comment or a string is not a rule at all.
 */
const FONT_FACE_START = /^@font-face\s*\{/i;

/** An unquoted `url()`, read from where it starts (sticky) to its closing parenthesis or the end. */
const UNQUOTED_URL = /url\(\s*(?=[^\s"')])(?:\\[\s\S]|[^\\)])*(?:\)|$)/iy;

/**
 * The top-level `@font-face` rules of a style sheet, as [start, end) spans in order, each with the
 * line break after it. The sheet is read as CSS is tokenized, as far as that matters here:
 * comments, strings and unquoted `url()`s are stepped over whole, blocks are counted.
 * @param {string} css
 * @returns {Array<[number, number]>}
 */
export function fontFaceRules(css) {
  /** @type {Array<[number, number]>} */
  const rules = [];
  let depth = 0;
  /** @type {number | undefined} where the face being read started */
  let start;
  for (let at = 0; at < css.length; at++) {
    const char = css[at];
    if (char === "/" && css[at + 1] === "*") {
      const close = css.indexOf("*/", at + 2);
      at = close === -1 ? css.length : close + 1;
    } else if (char === '"' || char === "'") {
      // (to its closing quote, a backslash escaping the next character; a line break ends a bad string)
      for (at++; at < css.length && css[at] !== char && css[at] !== "\n"; at++) if (css[at] === "\\") at++;
    } else if (char === "\\") at++;
    else if (char === "{") depth++;
    else if (char === "}") {
      depth = Math.max(0, depth - 1);
      if (depth === 0 && start !== undefined) {
        const end = css[at + 1] === "\n" ? at + 2 : at + 1;
        rules.push([start, end]);
        start = undefined;
        at = end - 1;
      }
    } else if (depth === 0 && char === "@" && FONT_FACE_START.test(css.slice(at, at + 64))) start = at;
    else if (char === "u" || char === "U") {
      UNQUOTED_URL.lastIndex = at;
      // An unquoted url() is one token to its closing parenthesis (an escaped one does not close it).
      if (UNQUOTED_URL.test(css)) at = UNQUOTED_URL.lastIndex - 1;
    }
  }
  return rules;
}

/** The `@font-face` descriptors a `FontFace` takes too (`font-style` as `style`, `size-adjust` as `sizeAdjust`). */
const DESCRIPTORS = [
  "font-style",
  "font-weight",
  "font-stretch",
  "unicode-range",
  "font-feature-settings",
  "size-adjust",
  "ascent-override",
  "descent-override",
  "line-gap-override",
];

/** Marks the document's root while a first visit's text shows in the stand-ins (lib/fonts/text-width.ts). */
const STAND_INS = "data-stand-ins";

const SETUP =
  'var st=d.currentScript.previousElementSibling,n=w.performance&&performance.getEntriesByType&&performance.getEntriesByType("navigation")[0];' +
  'if((n&&(n.type==="reload"||n.type==="back_forward"))||d.referrer.indexOf(location.origin+"/")===0){st.media="all";return}' +
  // (a browser that cannot take FontFaces gets the rules, which swap in as they come: nothing held)
  `var R=d.documentElement,h=0;if(w.FontFace&&d.fonts)try{R.setAttribute("${STAND_INS}","");h=1}catch(e){}` +
  `function shown(){h=0;try{R.removeAttribute("${STAND_INS}")}catch(e){}}` +
  // A visitor's own letter or word spacing or font (a reading aid's stylesheet, WCAG 1.4.12) makes
  // text wider than the widths measured in the page's face: nothing is held for them. Read in the
  // frame before the first paint (its callbacks run before it is drawn), once there is a body,
  // which the page's styles give no spacing and a family list with the stand-ins in it.
  "function own(){try{if(!h)return;var b=d.body;if(!b)return w.requestAnimationFrame(own);" +
  // (spacing read as numbers: "normal" is none, however an engine writes it)
  'var c=w.getComputedStyle(b);if(parseFloat(c.letterSpacing)||parseFloat(c.wordSpacing)||c.fontFamily.indexOf(" Fallback")<0)shown()}catch(e){}}' +
  "if(h)try{w.requestAnimationFrame(own)}catch(e){}" +
  // (and ten seconds on whatever happened: the faces are given by then, unless the page never
  // finished arriving)
  "setTimeout(shown,10000);";

const ACTION =
  "var F=w.FontFace,s=d.fonts,r;try{r=st.sheet.cssRules}catch(e){}" +
  'if(!F||!s||!r){shown();st.media="all";return}' +
  `var D=${JSON.stringify(DESCRIPTORS)},u={},a=[],q=[],k=0;` +
  // The families whose stand-ins the first paint set text in ("<family> Fallback…", lib/fonts/).
  'try{s.forEach(function(f){var m=/^["\']?(.+?) Fallback/.exec(f.family);if(m&&f.status!=="unloaded")u[m[1].toLowerCase()]=1})}catch(e){}' +
  // The faces given and the stand-ins' held widths let go in one task: one layout, nothing moved.
  "function put(){if(k)return;k=1;a.forEach(function(f){if(!f.late)try{s.add(f)}catch(e){}});shown()}" +
  "for(var i=0;i<r.length;i++)(function(c){if(!c)return;try{" +
  'var o={display:"swap"};D.forEach(function(p){var v=c.getPropertyValue(p);' +
  'if(v)o[p.replace(/^font-/,"").replace(/-(\\w)/g,function(m,x){return x.toUpperCase()})]=v});' +
  'var y=c.getPropertyValue("font-family").replace(/^["\']|["\']$/g,""),f=new F(y,c.getPropertyValue("src"),o);a.push(f);' +
  "if(u[y.toLowerCase()])q.push(f.load().then(null,function(){}));" +
  'if(c.getPropertyValue("font-display")==="fallback")setTimeout(function(){if(f.status==="loading"){f.late=1;if(k)s.delete(f)}},3000)' +
  "}catch(e){}})(r[i].style);" +
  "Promise.all(q).then(put);setTimeout(put,3000)";

const FACES_SCRIPT = afterFirstPaintScript({ setup: SETUP, action: ACTION });

/**
 * Each distinct inlined style's split, kept: the styles are the build's files, the same few on
 * every page, so the rules are read once rather than on every answer.
 * @type {Map<string, { rest: string, faces: string }>}
 */
const splits = new Map();

/**
 * A style's web faces (in order) and the rest of its rules.
 * @param {string} css
 */
function webFaces(css) {
  let split = splits.get(css);
  if (split) return split;
  let faces = "";
  let rest = "";
  let at = 0;
  for (const [start, end] of fontFaceRules(css)) {
    const rule = css.slice(start, end);
    if (!/\burl\(/i.test(rule)) continue;
    faces += rule;
    rest += css.slice(at, start);
    at = end;
  }
  rest += css.slice(at);
  split = { rest, faces };
  // (bounded: a build has a handful; more means something else writes styles)
  if (splits.size >= 64) splits.clear();
  splits.set(css, split);
  return split;
}

/**
 * The head of a page with its inlined styles' web faces moved into a style that applies without
 * JavaScript, followed by the script that applies them otherwise; a head whose styles have none
 * comes back as it was.
 * @param {string} head the page up to its `</head>`
 */
export function facesAfterFirstPaint(head) {
  let faces = "";
  let out = "";
  let at = 0;
  /** @type {number | undefined} where the faces go in `out`: after the first style that had some */
  let facesAt;
  for (const match of headElements(head, INLINED_STYLES)) {
    const { element = "", css = "" } = match.groups ?? {};
    const split = webFaces(css);
    if (split.faces === "") continue;
    faces += split.faces;
    const { rest } = split;
    out += head.slice(at, match.index) + `<style data-precedence="next">${rest}</style>`;
    facesAt ??= out.length;
    at = match.index + element.length;
  }
  if (facesAt === undefined) return head;
  out += head.slice(at);
  const applied = `<style media="(scripting: none)" data-faces="">${faces}</style>`;
  return out.slice(0, facesAt) + applied + FACES_SCRIPT + out.slice(facesAt);
}
