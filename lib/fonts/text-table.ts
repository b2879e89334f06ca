/*
 * The shape of lib/fonts/text-advances.json and the weights it holds: what npm run fonts:fallbacks
 * writes (tools/measure-fallbacks.ts) and text-width.ts reads, apart from the table itself, so
 * that the tool runs whether or not the file it writes is there.
 */

/**
 * The text face's advance widths (lib/fonts/text-advances.json, written by npm run
 * fonts:fallbacks): per weight, each character's in thousandths of an em, as the body sets it
 * (its font features on), and those that differ in tabular figures (`font-variant-numeric:
 * tabular-nums`: the digits, and punctuation such as parentheses); then what a pair of characters
 * side by side adds to their advances (kerning, by first then second character; 0 when absent),
 * and the pairs whose kerning differs in tabular figures.
 */
export interface TextAdvances {
  weights: Record<
    string,
    {
      characters: Record<string, number>;
      tabular: Record<string, number>;
      kerning: Record<string, Record<string, number>>;
      tabularKerning: Record<string, Record<string, number>>;
    }
  >;
}

/**
 * The weights measured: those of the boxes that hold their text's width (a list's category chips:
 * 400, the current one 700; the header's links on wide screens, a work's status pill and facts:
 * 600). Another weight has no width.
 */
export const MEASURED_WEIGHTS = [400, 600, 700];
