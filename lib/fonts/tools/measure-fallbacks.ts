/**
 * npm run fonts:fallbacks — writes lib/fonts/fallbacks.css: for each of the site's faces, the
 * local fonts a browser shows until it arrives, scaled so that text takes the same room in both.
 *
 * Text paints at once in the fallback and the web font swaps in when it arrives; a line that
 * wraps differently would move everything below it (a layout shift). So each fallback face is
 * measured, in Chromium, against the web face at every weight the styles use, on the site's own
 * words (the bundled content): `size-adjust` makes the widths equal, and the vertical overrides
 * give the fallback the web face's line box. One set of faces per metric family:
 *   - Arial (Windows, macOS, iOS) and its metric twins Liberation Sans and Arimo (Linux);
 *   - Roboto (Android), measured separately: its widths differ from Arial's.
 * next/font's own fallback names `local("Arial")` only, which phones and Linux do not have.
 *
 * It also writes lib/fonts/text-advances.json, the text face's advance widths and kerning (see
 * text-width.ts).
 *
 * Needs Debian's fonts-liberation and fonts-roboto-unhinted (for the measurements only: the CSS
 * names local fonts). The output is committed; run this after changing the fonts or the weights.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { chromium, type Page } from "@playwright/test";

import { MEASURED_WEIGHTS, type TextAdvances } from "../text-table";
import { CHARACTERS, KERNED } from "./characters";

const ROOT = path.resolve(__dirname, "../../..");
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** The weights the styles use (each gets a fallback face sized for it), and the ranges they cover. */
const WEIGHTS = [400, 500, 600, 650, 700, 750, 800];

/** The site's faces: the family next/font names (fonts.ts), its file and style. */
const FACES = [
  { family: "displayFont", file: "bricolage-grotesque-display.woff2", style: "normal" },
  { family: "textFont", file: "inter-text.woff2", style: "normal" },
  { family: "textItalicFont", file: "inter-text-italic.woff2", style: "italic" },
] as const;

/**
 * The local fonts standing in, by metric family: the names a browser's `local()` matches (full
 * and PostScript names) for the regular and the bold cut, and the file to measure them with.
 */
const STAND_INS = [
  {
    suffix: "Fallback",
    regular: ["Arial", "ArialMT", "Liberation Sans", "LiberationSans", "Arimo", "Arimo-Regular"],
    bold: [
      "Arial Bold",
      "Arial-BoldMT",
      "Liberation Sans Bold",
      "LiberationSans-Bold",
      "Arimo Bold",
      "Arimo-Bold",
    ],
    italic: [
      "Arial Italic",
      "Arial-ItalicMT",
      "Liberation Sans Italic",
      "LiberationSans-Italic",
      "Arimo Italic",
    ],
    boldItalic: [
      "Arial Bold Italic",
      "Arial-BoldItalicMT",
      "Liberation Sans Bold Italic",
      "LiberationSans-BoldItalic",
      "Arimo Bold Italic",
    ],
    files: {
      regular: "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
      bold: "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
      italic: "/usr/share/fonts/truetype/liberation/LiberationSans-Italic.ttf",
      boldItalic: "/usr/share/fonts/truetype/liberation/LiberationSans-BoldItalic.ttf",
    },
  },
  {
    suffix: "Fallback Roboto",
    regular: ["Roboto", "Roboto-Regular", "Roboto Regular"],
    bold: ["Roboto Bold", "Roboto-Bold"],
    italic: ["Roboto Italic", "Roboto-Italic"],
    boldItalic: ["Roboto Bold Italic", "Roboto-BoldItalic"],
    files: {
      regular: "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf",
      bold: "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Bold.ttf",
      italic: "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Italic.ttf",
      boldItalic: "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-BoldItalic.ttf",
    },
  },
] as const;

/** Below this weight the regular cut stands in, from it the bold one. */
const BOLD_FROM = 600;

/** Every string of the bundled content: the words the fonts actually set, in their proportions. */
function siteText(): string {
  const strings: string[] = [];
  const visit = (value: unknown) => {
    if (typeof value === "string") {
      if (!/^(https?:|\/|[0-9a-f-]{20,}$)/.test(value) && /\s/.test(value)) strings.push(value);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") Object.values(value).forEach(visit);
  };
  const folder = path.join(ROOT, "content/documents");
  for (const name of readdirSync(folder)) {
    if (name.endsWith(".json")) visit(JSON.parse(readFileSync(path.join(folder, name), "utf8")));
  }
  return strings.join(" ");
}

const dataUrl = (file: string, type: string) =>
  `data:${type};base64,${readFileSync(file).toString("base64")}`;

interface Measured {
  /** Width of the site's text in the web face at each weight, over the stand-in's. */
  widthRatio: Record<number, number>;
}

/** The web faces' vertical metrics (of the em), as Chromium lays them out. */
interface Vertical {
  ascent: number;
  descent: number;
}

async function measure(text: string): Promise<{
  ratios: Record<string, Measured>;
  vertical: Record<string, Vertical>;
  advances: TextAdvances;
}> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  try {
    const page = await browser.newPage();
    // tsx names the functions it compiles with a helper the page does not have.
    await page.evaluate("globalThis.__name = (fn) => fn");
    const fonts = [
      ...FACES.map((face) => ({
        family: face.family,
        url: dataUrl(path.join(ROOT, "lib/fonts", face.file), "font/woff2"),
        descriptors: { weight: "400 800", style: face.style },
      })),
      ...STAND_INS.flatMap((standIn) =>
        (["regular", "bold", "italic", "boldItalic"] as const).map((cut) => ({
          family: `${standIn.suffix} ${cut}`,
          url: dataUrl(standIn.files[cut], "font/ttf"),
          descriptors: { weight: "400", style: "normal" },
        })),
      ),
    ];
    const measured = await page.evaluate(
      async ({ fonts, text, faces, standIns, weights, boldFrom }) => {
        for (const font of fonts) {
          const face = new FontFace(font.family, `url(${font.url})`, font.descriptors);
          await face.load();
          document.fonts.add(face);
        }
        const context = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
        const width = (css: string) => {
          context.font = css;
          return context.measureText(text).width;
        };
        const ratios: Record<string, { widthRatio: Record<number, number> }> = {};
        const vertical: Record<string, { ascent: number; descent: number }> = {};
        for (const face of faces) {
          const italic = face.style === "italic" ? "italic " : "";
          context.font = `${italic}400 100px "${face.family}"`;
          const metrics = context.measureText("Hg");
          vertical[face.family] = {
            ascent: metrics.fontBoundingBoxAscent / 100,
            descent: metrics.fontBoundingBoxDescent / 100,
          };
          for (const standIn of standIns) {
            const widthRatio: Record<number, number> = {};
            for (const weight of weights) {
              const bold = weight >= boldFrom;
              const cut =
                face.style === "italic" ? (bold ? "boldItalic" : "italic") : bold ? "bold" : "regular";
              widthRatio[weight] =
                width(`${italic}${weight} 100px "${face.family}"`) /
                width(`400 100px "${standIn.suffix} ${cut}"`);
            }
            ratios[`${face.family}|${standIn.suffix}`] = { widthRatio };
          }
        }
        return { ratios, vertical };
      },
      {
        fonts,
        text,
        faces: FACES.map(({ family, style }) => ({ family, style })),
        standIns: STAND_INS.map(({ suffix }) => ({ suffix })),
        weights: WEIGHTS,
        boldFrom: BOLD_FROM,
      },
    );
    return { ...measured, advances: await measureAdvances(page) };
  } finally {
    await browser.close();
  }
}

/** The features the body sets (app/globals.css): they swap glyphs, and so widths. */
const TEXT_FEATURES = '"ss01", "cv11"';

/**
 * The text face's advance width of each character it holds, at each weight text-width.ts measures
 * (MEASURED_WEIGHTS), in thousandths of an em, as Chromium lays them out with the body's features,
 * and those that differ in tabular figures (digits, and punctuation such as parentheses); then
 * what each pair of the kerned characters (./characters.ts) set side by side adds to their two
 * advances (the face's kerning and contextual forms: "To" is 78 thousandths
 * closer than "T" and "o" alone), kept where it is not 0, and in tabular figures where it
 * differs. 1,000 px tall; 20,000 pairs a weight.
 */
async function measureAdvances(page: Page): Promise<TextAdvances> {
  const measured = await page.evaluate(
    ({ family, features, characters, kerned, weights }) => {
      const holder = document.createElement("div");
      holder.style.cssText = `position:absolute;top:0;left:0;white-space:pre;font:1000px/1 "${family}";font-feature-settings:${features}`;
      document.body.append(holder);
      const set = (text: string, weight: number, tabular: boolean) => {
        const span = document.createElement("span");
        span.textContent = text;
        span.style.fontWeight = String(weight);
        if (tabular) span.style.fontVariantNumeric = "tabular-nums";
        holder.append(span, document.createElement("br"));
        return span;
      };
      // A character the face lacks is set in the next font of the stack: it is the one whose width
      // changes with that font (the subset asks for a few the face does not draw, such as arrows).
      const drawn = (character: string) => {
        const widths = ["monospace", "serif"].map((fallback) => {
          const span = set(character, 400, false);
          span.style.fontFamily = `"${family}", ${fallback}`;
          return span;
        });
        const [a, b] = widths.map((span) => span.getBoundingClientRect().width);
        return a === b;
      };
      const all = Array.from(characters).filter(drawn);
      const kernedDrawn = Array.from(kerned).filter((character) => all.includes(character));
      holder.replaceChildren();
      const byWeight: TextAdvances["weights"] = {};
      for (const weight of weights) {
        // Every span is written before any is read: one layout a weight.
        const single = [false, true].map((tabular) =>
          all.map((character) => set(character, weight, tabular)),
        );
        const width = (span: HTMLSpanElement) => span.getBoundingClientRect().width;
        const advance = single.map((spans) => spans.map(width));
        const table: TextAdvances["weights"][string] = {
          characters: {},
          tabular: {},
          kerning: {},
          tabularKerning: {},
        };
        const round = (value: number) => Math.round(value * 10) / 10;
        all.forEach((character, index) => {
          table.characters[character] = round(advance[0]![index]!);
          if (round(advance[1]![index]!) !== table.characters[character])
            table.tabular[character] = round(advance[1]![index]!);
        });
        // In tabular figures only the pairs with a character that changes there can differ.
        const tabularSet = new Set(Object.keys(table.tabular));
        const index = new Map(all.map((character, at) => [character, at]));
        const pairs = kernedDrawn.flatMap((first) =>
          kernedDrawn.flatMap((second) =>
            [false, true]
              .filter((tabular) => !tabular || tabularSet.has(first) || tabularSet.has(second))
              .map((tabular) => ({ first, second, tabular, span: set(first + second, weight, tabular) })),
          ),
        );
        for (const { first, second, tabular, span } of pairs) {
          const row = advance[tabular ? 1 : 0]!;
          const kerning = round(width(span) - row[index.get(first)!]! - row[index.get(second)!]!);
          const plain = table.kerning[first]?.[second] ?? 0;
          if (tabular ? kerning === plain : kerning === 0) continue;
          const kept = tabular ? table.tabularKerning : table.kerning;
          (kept[first] ??= {})[second] = kerning;
        }
        holder.replaceChildren();
        byWeight[weight] = table;
      }
      holder.remove();
      return byWeight;
    },
    {
      family: "textFont",
      features: TEXT_FEATURES,
      characters: CHARACTERS,
      kerned: KERNED,
      weights: MEASURED_WEIGHTS,
    },
  );
  return { weights: measured };
}

const percent = (value: number) => `${(value * 100).toFixed(2)}%`;
const sources = (names: readonly string[]) => names.map((name) => `local("${name}")`).join(", ");

/** The weight range each measured weight's face covers: up to halfway to the next one. */
function weightRange(index: number): string {
  const low = index === 0 ? 1 : Math.floor((WEIGHTS[index - 1] + WEIGHTS[index]) / 2) + 1;
  const high = index === WEIGHTS.length - 1 ? 1000 : Math.floor((WEIGHTS[index] + WEIGHTS[index + 1]) / 2);
  return `${low} ${high}`;
}

async function main() {
  const text = siteText();
  const { ratios, vertical, advances } = await measure(text);
  const rules: string[] = [];
  for (const face of FACES) {
    const metrics = vertical[face.family];
    for (const standIn of STAND_INS) {
      const { widthRatio } = ratios[`${face.family}|${standIn.suffix}`];
      WEIGHTS.forEach((weight, index) => {
        const bold = weight >= BOLD_FROM;
        const italic = face.style === "italic";
        const names = italic
          ? bold
            ? standIn.boldItalic
            : standIn.italic
          : bold
            ? standIn.bold
            : standIn.regular;
        const scale = widthRatio[weight];
        rules.push(
          [
            `@font-face {`,
            `  font-family: "${face.family} ${standIn.suffix}";`,
            `  src: ${sources(names)};`,
            `  font-weight: ${weightRange(index)};`,
            `  font-style: ${face.style};`,
            `  size-adjust: ${percent(scale)};`,
            `  ascent-override: ${percent(metrics.ascent / scale)};`,
            `  descent-override: ${percent(metrics.descent / scale)};`,
            `  line-gap-override: 0%;`,
            `}`,
          ].join("\n"),
        );
      });
    }
  }
  const header = `/* Written by npm run fonts:fallbacks (lib/fonts/tools/measure-fallbacks.ts): do not edit. Local fonts sized
   to take the same room as each web face at each weight, measured on ${text.length} characters of the
   site's content, so that nothing moves when the web font arrives. */\n`;
  writeFileSync(path.join(ROOT, "lib/fonts/fallbacks.css"), `${header}\n${rules.join("\n\n")}\n`);
  console.log(`lib/fonts/fallbacks.css: ${rules.length} faces from ${text.length} characters`);
  // (one line a table: some 3,000 pairs a weight)
  const tables = Object.entries(advances.weights).map(
    ([weight, table]) =>
      `    ${JSON.stringify(weight)}: {\n` +
      Object.entries(table)
        .map(([name, values]) => `      ${JSON.stringify(name)}: ${JSON.stringify(values)}`)
        .join(",\n") +
      "\n    }",
  );
  writeFileSync(
    path.join(ROOT, "lib/fonts/text-advances.json"),
    `{\n  "weights": {\n${tables.join(",\n")}\n  }\n}\n`,
  );
  console.log(
    `lib/fonts/text-advances.json: ${CHARACTERS.length} characters at ${MEASURED_WEIGHTS.length} weights`,
  );
}

main().catch((error: unknown) => {
  console.error(`fonts:fallbacks failed: ${(error as Error).message}`);
  process.exit(1);
});
