import measured from "./text-advances.json";

/**
 * The text face's advance widths (lib/fonts/text-advances.json, written by npm run
 * fonts:fallbacks): per weight, each character's in thousandths of an em, as the body sets it
 * (its font features on), and those that differ in tabular figures (`font-variant-numeric:
 * tabular-nums`: the digits, and punctuation such as parentheses).
 */
export interface TextAdvances {
  weights: Record<string, { characters: Record<string, number>; tabular: Record<string, number> }>;
}

/** How a run is set: its weight (400 when not said) and whether in tabular figures. */
export interface TextRun {
  weight?: number;
  tabularNums?: boolean;
}

/**
 * The room a short run of text takes in the text face, in em, known before the face arrives: a box
 * given this width keeps it whichever face shows, so when a first visit's text face replaces its
 * stand-in (a few percent wider or narrower on a given word) nothing after the box moves. For
 * runs that sit side by side on a line (a filter's chips): a box that follows another moves by the
 * whole difference of everything before it.
 *
 * The sum of the characters' advances: kerning is not counted (a pair's is a few hundredths of an
 * em), so the text may not fill the box to the pixel. Spaces collapse as CSS collapses them.
 * Undefined when a character or the weight was not measured (text the face does not hold shows in
 * another font anyway): the box then takes its text's own width.
 */
export function textWidthEm(
  text: string,
  { weight = 400, tabularNums = false }: TextRun = {},
  advances: TextAdvances = measured,
): number | undefined {
  const table = advances.weights[String(weight)];
  if (!table) return undefined;
  let thousandths = 0;
  for (const character of text.replace(/[ \t\n\r\f]+/g, " ").trim()) {
    const advance = (tabularNums ? table.tabular[character] : undefined) ?? table.characters[character];
    if (advance === undefined) return undefined;
    thousandths += advance;
  }
  // Rounded up to the next thousandth: a box a hair wider than its text, never narrower.
  return Math.ceil(thousandths) / 1000;
}

/** {@link textWidthEm} as a CSS length (`4.215em`), for a style; undefined when it is. */
export function textWidthCss(text: string, run: TextRun = {}): string | undefined {
  const em = textWidthEm(text, run);
  return em === undefined ? undefined : `${em}em`;
}
