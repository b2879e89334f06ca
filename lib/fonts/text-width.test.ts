import measured from "./text-advances.json";
import { textWidthEm, type TextAdvances } from "./text-width";
import { CHARACTERS } from "./tools/characters";

const TABLE: TextAdvances = {
  weights: {
    "400": {
      characters: { A: 600, b: 500.4, " ": 250, "(": 300, ")": 300, "1": 450 },
      tabular: { "(": 310, ")": 310, "1": 620 },
    },
    "700": { characters: { A: 650, b: 550, " ": 260 }, tabular: {} },
  },
};

describe("textWidthEm", () => {
  test("adds the characters' advances at the weight asked for, in em, rounded up to a thousandth", () => {
    expect(textWidthEm("Ab", { weight: 400 }, TABLE)).toBe(1.101);
    expect(textWidthEm("Ab", { weight: 700 }, TABLE)).toBe(1.2);
    expect(textWidthEm("A b", {}, TABLE)).toBe(1.351);
    expect(textWidthEm("", {}, TABLE)).toBe(0);
  });

  test("collapses and trims spaces as CSS lays them out", () => {
    expect(textWidthEm("  A \n\t b ", {}, TABLE)).toBe(textWidthEm("A b", {}, TABLE));
  });

  test("gives characters their tabular widths only when the run is set in tabular figures", () => {
    expect(textWidthEm("(1)", {}, TABLE)).toBe(1.05);
    expect(textWidthEm("(1)", { tabularNums: true }, TABLE)).toBe(1.24);
    expect(textWidthEm("(11) A", { tabularNums: true }, TABLE)).toBe(2.71);
  });

  test("knows nothing of a character or a weight that was not measured", () => {
    expect(textWidthEm("Ab✓", {}, TABLE)).toBeUndefined();
    expect(textWidthEm("Ab", { weight: 500 }, TABLE)).toBeUndefined();
  });

  test("the shipped table holds every character of the faces at every weight the styles use", () => {
    const weights: TextAdvances["weights"] = measured.weights;
    expect(Object.keys(weights)).toEqual(["400", "500", "600", "650", "700", "750", "800"]);
    for (const { characters } of Object.values(weights)) {
      const missing = Array.from(CHARACTERS).filter((character) => !(characters[character]! >= 0));
      expect(missing).toEqual([]);
    }
    // Tabular figures: every digit as wide as the others.
    for (const { characters, tabular } of Object.values(weights))
      expect(new Set(Array.from("0123456789", (digit) => tabular[digit] ?? characters[digit])).size).toBe(1);
    // Bolder is wider: the weights were not mixed up.
    expect(textWidthEm("Documentaire", { weight: 700 })).toBeGreaterThan(
      textWidthEm("Documentaire", { weight: 400 })!,
    );
  });
});
