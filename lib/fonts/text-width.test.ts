import measured from "./text-advances.json";
import { MEASURED_WEIGHTS, type TextAdvances } from "./text-table";
import { faceWidth, LONGEST_HELD_EM, textWidthEm } from "./text-width";
import { CHARACTERS, KERNED } from "./tools/characters";

const TABLE: TextAdvances = {
  weights: {
    "400": {
      characters: { A: 600, b: 500.4, " ": 250, "(": 300, ")": 300, "1": 450, T: 610, o: 560 },
      tabular: { "(": 310, ")": 310, "1": 620 },
      kerning: { T: { o: -78 }, "(": { "1": -20 }, "1": { ")": -15 } },
      tabularKerning: { "(": { "1": 0 } },
    },
    "700": { characters: { A: 650, b: 550, " ": 260 }, tabular: {}, kerning: {}, tabularKerning: {} },
  },
};

describe("textWidthEm", () => {
  test("adds the characters' advances at the weight asked for, in em, rounded up to a thousandth", () => {
    expect(textWidthEm("Ab", { weight: 400 }, TABLE)).toBe(1.101);
    expect(textWidthEm("Ab", { weight: 700 }, TABLE)).toBe(1.2);
    expect(textWidthEm("A b", {}, TABLE)).toBe(1.351);
    expect(textWidthEm("", {}, TABLE)).toBe(0);
  });

  test("adds each adjacent pair's kerning, only where the two characters touch", () => {
    expect(textWidthEm("To", {}, TABLE)).toBe(1.092);
    expect(textWidthEm("oT", {}, TABLE)).toBe(1.17);
    expect(textWidthEm("T o", {}, TABLE)).toBe(1.42);
  });

  test("collapses and trims spaces as CSS lays them out, keeping the spaces CSS keeps", () => {
    expect(textWidthEm("  A \n\t b ", {}, TABLE)).toBe(textWidthEm("A b", {}, TABLE));
    expect(textWidthEm("Film\u00a0")).toBeGreaterThan(textWidthEm("Film")! + 0.2);
    expect(textWidthEm("\u202fFilm")).toBeGreaterThan(textWidthEm("Film")!);
  });

  test("gives characters and pairs their tabular widths only when the run is set in tabular figures", () => {
    expect(textWidthEm("(1)", {}, TABLE)).toBe(1.015);
    // (the pair "(1" kerns by 0 in tabular figures, "1)" as in proportional ones)
    expect(textWidthEm("(1)", { tabularNums: true }, TABLE)).toBe(1.225);
    expect(textWidthEm("(11) A", { tabularNums: true }, TABLE)).toBe(2.695);
  });

  test("sets a run in capitals, and adds its letter spacing after every character, the last one too", () => {
    expect(textWidthEm("a", { uppercase: true }, TABLE)).toBe(0.6);
    // ("b" is measured, "B" is not)
    expect(textWidthEm("Ab", { uppercase: true }, TABLE)).toBeUndefined();
    expect(textWidthEm("To", { letterSpacing: 0.05 }, TABLE)).toBe(1.192);
    expect(textWidthEm(" T  o ", { letterSpacing: 0.05 }, TABLE)).toBe(1.57);
  });

  test("knows nothing of a character or a weight that was not measured", () => {
    expect(textWidthEm("Ab✓", {}, TABLE)).toBeUndefined();
    expect(textWidthEm("Ab", { weight: 500 }, TABLE)).toBeUndefined();
  });

  test("the shipped table holds every character the text face draws, and the kerned pairs, at the weights measured", () => {
    const weights: TextAdvances["weights"] = measured.weights;
    expect(Object.keys(weights)).toEqual(MEASURED_WEIGHTS.map(String));
    for (const { characters, kerning } of Object.values(weights)) {
      // The subset asks for a few characters Inter's Latin file does not draw: another font sets
      // them, so no width is known for them.
      const missing = Array.from(CHARACTERS).filter((character) => !(characters[character]! >= 0));
      expect(missing).toEqual(["Ÿ", "‐", "‑", "‒", "‛", "←", "→"]);
      // Kerning only between the kerned characters, never 0 (absent means 0).
      const strays = Object.entries(kerning).flatMap(([first, row]) =>
        Object.entries(row)
          .filter(([second, value]) => !KERNED.includes(first) || !KERNED.includes(second) || value === 0)
          .map(([second, value]) => `${first}${second}: ${value}`),
      );
      expect(strays).toEqual([]);
    }
    // Tabular figures: every digit as wide as the others.
    for (const { characters, tabular } of Object.values(weights))
      expect(new Set(Array.from("0123456789", (digit) => tabular[digit] ?? characters[digit])).size).toBe(1);
    // Bolder is wider: the weights were not mixed up; "To" kerns (Inter draws the o under the T).
    expect(textWidthEm("Documentaire", { weight: 700 })).toBeGreaterThan(
      textWidthEm("Documentaire", { weight: 400 })!,
    );
    expect(textWidthEm("To")).toBeLessThan(textWidthEm("T")! + textWidthEm("o")! - 0.05);
  });
});

describe("faceWidth", () => {
  test("is the width as the custom property a box holds while the stand-ins show, or nothing", () => {
    expect(faceWidth("Documentaire", { weight: 700 })).toEqual({
      "--face-width": `${textWidthEm("Documentaire", { weight: 700 })}em`,
    });
    expect(faceWidth("Tous ✓")).toBeUndefined();
    expect(faceWidth("Tous", { weight: 500 })).toBeUndefined();
  });

  test("holds no run longer than the narrowest column takes on one line", () => {
    const long = "Ministère de la Culture et de la Communication";
    expect(textWidthEm(long, { weight: 600 })).toBeGreaterThan(LONGEST_HELD_EM);
    expect(faceWidth(long, { weight: 600 })).toBeUndefined();
    const fits = "Contenu de marque";
    expect(textWidthEm(fits)).toBeLessThanOrEqual(LONGEST_HELD_EM);
    expect(faceWidth(fits)).toEqual({ "--face-width": `${textWidthEm(fits)}em` });
  });
});
