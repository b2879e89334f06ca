/**
 * npm run fonts:subset — writes the site's font files (lib/fonts/*.woff2) from the
 * @fontsource-variable packages, cut down to what pages use:
 *   - characters: French and English text (Basic Latin, Latin-1, œ Œ Ÿ, typographic
 *     quotes, dashes, spaces, ellipsis, €, arrows); anything else an editor types
 *     falls back to the next font in the stack for that character only;
 *   - weights: the variable weight axis narrowed to the range the styles use;
 *   - features: kerning, ligatures and the ones the styles ask for, no others.
 * The output is committed; run this after changing the fonts or the ranges.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

import subsetFont from "subset-font";

import { CHARACTERS } from "./characters";

const ROOT = path.resolve(__dirname, "../../..");

const FONTSOURCE = path.join(ROOT, "node_modules/@fontsource-variable");
const FONTS = [
  {
    from: "bricolage-grotesque/files/bricolage-grotesque-latin-wght-normal.woff2",
    to: "bricolage-grotesque-display.woff2",
    weight: { min: 400, max: 800 },
  },
  {
    from: "inter/files/inter-latin-wght-normal.woff2",
    to: "inter-text.woff2",
    weight: { min: 400, max: 800 },
  },
  {
    from: "inter/files/inter-latin-wght-italic.woff2",
    to: "inter-text-italic.woff2",
    weight: { min: 400, max: 800 },
  },
];

async function main() {
  for (const font of FONTS) {
    const source = await readFile(path.join(FONTSOURCE, font.from));
    const subset = await subsetFont(source, CHARACTERS, {
      targetFormat: "woff2",
      variationAxes: { wght: { min: font.weight.min, max: font.weight.max, default: font.weight.min } },
    });
    await writeFile(path.join(ROOT, "lib/fonts", font.to), subset);
    console.log(
      `${font.to}: ${(source.length / 1024).toFixed(1)} kB → ${(subset.length / 1024).toFixed(1)} kB`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(`fonts:subset failed: ${(error as Error).message}`);
  process.exit(1);
});
