// @ts-check
/**
 * Elements of a page's head as an HTML parser would find them. The front rewrites heads by
 * pattern (./scripts-after-paint.mjs, ./faces-after-paint.mjs); a pattern alone would also match
 * the same characters where they are not markup: inside a comment, or in the text of an inline
 * script or a style, where cutting them out would break the code around them. So a match counts
 * only where it starts outside both: the scan steps over each comment and each raw-text element
 * whole, its tag names in any case.
 */

/** A tag name as HTML reads it, in any case (`script` matches `SCRIPT` and `Script`). */
const anyCase = (/** @type {string} */ name) =>
  [...name].map((letter) => `[${letter}${letter.toUpperCase()}]`).join("");

/** A comment, or a raw-text element from its start tag to its end tag (or the end of the head). */
const NOT_MARKUP = [
  String.raw`<!--[\s\S]*?(?:-->|$)`,
  ...["script", "style", "title", "textarea", "noscript"].map(
    (name) => String.raw`<${anyCase(name)}(?=[\s/>])[^>]*(?:>|$)[\s\S]*?(?:<\/${anyCase(name)}\s*>|$)`,
  ),
].join("|");

/** @type {WeakMap<RegExp, RegExp>} each caller's pattern, with the steps over text */
const scans = new WeakMap();

/**
 * The matches of `element` that start outside comments and raw text, in order. `element` is tried
 * first at each position, so it may itself match a raw-text element (a `<style>`, a `<script src>`);
 * its groups must be named, which is how a match reports what it read.
 * @param {string} head
 * @param {RegExp} element
 * @returns {Generator<RegExpMatchArray & { index: number }>}
 */
export function* headElements(head, element) {
  let scan = scans.get(element);
  if (!scan) {
    scan = new RegExp(`(?<element>${element.source})|${NOT_MARKUP}`, "g");
    scans.set(element, scan);
  }
  // (one scan per pattern, compiled once; matchAll below works on a copy of it)
  for (const match of head.matchAll(scan))
    if (match.groups?.element !== undefined)
      yield /** @type {RegExpMatchArray & { index: number }} */ (match);
}

/** A head's end tag, in any case. */
const HEAD_END = /<\/[hH][eE][aA][dD]\s*>/;

/**
 * Where a page's head ends: its first `</head>` that is markup (not in a comment, a script's or a
 * style's text), or -1 while none has come.
 * @param {string} page
 */
export function headEnd(page) {
  for (const match of headElements(page, HEAD_END)) return match.index;
  return -1;
}
