/**
 * The characters the site's faces are cut to (npm run fonts:subset): French and English text.
 * Anything else an editor types falls back to the next font in the stack for that character only,
 * as do the few of these the text face does not draw (Ÿ, three hyphens, ‛, ← and →).
 */
const RANGES: Array<[number, number]> = [
  [0x20, 0x7e], // Basic Latin
  [0xa0, 0xff], // Latin-1: accented letters, « », nbsp, ©, €-less currency
  [0x152, 0x153], // Œ œ
  [0x178, 0x178], // Ÿ
  [0x2009, 0x200a], // thin and hair spaces
  [0x2010, 0x2014], // hyphens and dashes
  [0x2018, 0x201e], // quotes
  [0x2022, 0x2022], // bullet
  [0x2026, 0x2026], // ellipsis
  [0x202f, 0x202f], // narrow no-break space (French punctuation)
  [0x2039, 0x203a], // ‹ ›
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
  [0x2190, 0x2193], // arrows (calls to action)
];

export const CHARACTERS = RANGES.flatMap(([from, to]) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)),
).join("");

/**
 * The characters whose pairs' kerning is measured (lib/fonts/text-advances.json): those of short
 * labels, letters (Latin-1's and Œ œ Ÿ), digits, the space and the punctuation of names and counts.
 * All of CHARACTERS' pairs would be five times as many for the rare label that needs them; a pair
 * outside these is counted unkerned (a few hundredths of an em).
 */
export const KERNED = Array.from(CHARACTERS)
  .filter((character) => /[A-Za-z0-9À-ÖØ-öø-ÿŒœŸ '’\-–.,&/()!?:]/.test(character))
  .join("");
