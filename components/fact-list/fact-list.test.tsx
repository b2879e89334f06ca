import { render } from "@testing-library/react";

import { FactList } from "./fact-list";
import { textWidthEm } from "@/lib/fonts/text-width";

const FACTS = [
  { label: "Client", value: "Maison Lune" },
  { label: "Year", value: 2025 },
  { label: "Link", value: <em>Site</em> },
  { label: "Empty", value: "" },
];

const widths = (container: HTMLElement) =>
  Array.from(container.querySelectorAll("dt, dd"), (element) => [
    element.textContent,
    (element as HTMLElement).style.getPropertyValue("--face-width"),
  ]);

describe("FactList", () => {
  test("lists the filled facts, labels and values", () => {
    const { container } = render(<FactList facts={FACTS} />);
    expect(widths(container).map(([text]) => text)).toEqual([
      "Client",
      "Maison Lune",
      "Year",
      "2025",
      "Link",
      "Site",
    ]);
    // No width carried unless asked for.
    expect(widths(container).every(([, width]) => width === "")).toBe(true);
  });

  test("with held widths, each label and text value carries its width in the text face, as it is set", () => {
    const label = { weight: 600, letterSpacing: 0.06, uppercase: true };
    const value = { weight: 600 };
    const { container } = render(<FactList facts={FACTS} heldWidths={{ label, value }} />);
    const em = (text: string, run: typeof label | typeof value) => `${textWidthEm(text, run)}em`;
    expect(widths(container)).toEqual([
      ["Client", em("Client", label)],
      ["Maison Lune", em("Maison Lune", value)],
      ["Year", em("Year", label)],
      ["2025", em("2025", value)],
      ["Link", em("Link", label)],
      // (markup, not text: it keeps its own width)
      ["Site", ""],
    ]);
  });
});
