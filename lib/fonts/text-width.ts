import type { CSSProperties } from "react";

import measured from "./text-advances.json";
import type { TextAdvances } from "./text-table";

/**
 * How a run is set: its weight (400 when not said), whether in tabular figures, its
 * `letter-spacing` in em (0 when not said) and whether `text-transform: uppercase` sets it in
 * capitals (French and English capitals: no language's own rules).
 */
export interface TextRun {
  weight?: number;
  tabularNums?: boolean;
  letterSpacing?: number;
  uppercase?: boolean;
}

/**
 * The room a short run of text takes in the text face, in em, known before the face arrives: a box
 * given this width keeps it whichever face shows, so when a first visit's text face replaces its
 * stand-in (a few percent wider or narrower on a given word) nothing after the box moves. For
 * runs that sit side by side on a line (a filter's chips): a box that follows another moves by the
 * whole difference of everything before it.
 *
 * The sum of the characters' advances and of each adjacent pair's kerning, as Chromium sets them
 * (measured for the characters of short labels: tools/characters.ts; a contextual form that
 * depends on more than the character before is not counted), with the run's letter spacing.
 * Spaces collapse as CSS collapses them.
 * Undefined when a character or the weight was not measured (text the face does not hold shows in
 * another font anyway): the box then takes its text's own width.
 */
export function textWidthEm(
  text: string,
  { weight = 400, tabularNums = false, letterSpacing = 0, uppercase = false }: TextRun = {},
  advances: TextAdvances = measured,
): number | undefined {
  const table = advances.weights[String(weight)];
  if (!table) return undefined;
  let thousandths = 0;
  let previous = "";
  // (CSS collapses and trims its own white space only: a no-break or thin space stays)
  const set = text.replace(/[ \t\n\r\f]+/g, " ").replace(/^ | $/g, "");
  for (const character of uppercase ? set.toUpperCase() : set) {
    const advance = (tabularNums ? table.tabular[character] : undefined) ?? table.characters[character];
    if (advance === undefined) return undefined;
    const kerning =
      (tabularNums ? table.tabularKerning[previous]?.[character] : undefined) ??
      table.kerning[previous]?.[character] ??
      0;
    // (Chromium adds the spacing after every character, the last one too)
    thousandths += advance + kerning + letterSpacing * 1000;
    previous = character;
  }
  // Rounded up to the next thousandth: a box a hair wider than its text, never narrower.
  return Math.ceil(thousandths) / 1000;
}

/**
 * The longest run a box holds, in em: held boxes do not wrap (the stand-in's line must stay one
 * line), so a run must fit the narrowest column it sits in. At the largest held size (a work's
 * facts, 1.15rem) 10 em is 184 px, within a 320 px screen's column (WCAG 1.4.10's width, a
 * desktop at 400 %); a longer run (a long client's name) keeps its own width and may wrap.
 */
export const LONGEST_HELD_EM = 10;

/**
 * {@link textWidthEm} as the custom property `--face-width` (`4.215em`), for a box's style;
 * nothing when the width is unknown or longer than {@link LONGEST_HELD_EM}. A box holds it only while a first visit's text shows in the
 * stand-ins: `npm start`'s faces script (server/faces-after-paint.mjs) marks that while with
 * `data-stand-ins` on the document's root, set before the first paint and removed in the task that
 * gives the page its faces, and the box's feature keys its rule on `:root[data-stand-ins]`. So
 * nothing after the box moves when the face replaces the stand-ins, and once it shows the box is as
 * wide as its text again: a visitor's own spacing, font or translation has the room it needs.
 * For server components: the table it reads is 115 kB, which no page's scripts should carry.
 */
export function faceWidth(text: string, run: TextRun = {}): CSSProperties | undefined {
  const em = textWidthEm(text, run);
  if (em === undefined || em > LONGEST_HELD_EM) return undefined;
  return { "--face-width": `${em}em` } as CSSProperties;
}
