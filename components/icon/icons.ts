/**
 * Original line icons drawn on a 24 × 24 grid. Each shape is one path: "stroke"
 * shapes are outlined with the icon's colour (2 units wide, round ends), "fill"
 * shapes are solid. Brand icons are simplified, recognisable sketches rather
 * than the brands' official artwork.
 */
export type IconViewBox = `${number} ${number} ${number} ${number}`;

export interface IconShape {
  readonly d: string;
  readonly paint: "stroke" | "fill";
}

export interface IconDefinition {
  readonly viewBox: IconViewBox;
  readonly shapes: readonly IconShape[];
}

const stroke = (d: string): IconShape => ({ d, paint: "stroke" });
const fill = (d: string): IconShape => ({ d, paint: "fill" });

/** A closed circle path, since a registry entry is made of paths only. */
const circle = (cx: number, cy: number, r: number) =>
  `M${cx + r} ${cy}a${r} ${r} 0 1 1-${2 * r} 0a${r} ${r} 0 1 1 ${2 * r} 0z`;

const grid: IconViewBox = "0 0 24 24";

export const icons = {
  play: {
    viewBox: grid,
    shapes: [fill("M8 4.8v14.4a1 1 0 0 0 1.5.86l11.2-7.2a1 1 0 0 0 0-1.72L9.5 3.94A1 1 0 0 0 8 4.8z")],
  },
  "arrow-right": { viewBox: grid, shapes: [stroke("M4 12h16"), stroke("M14 6l6 6-6 6")] },
  "arrow-left": { viewBox: grid, shapes: [stroke("M20 12H4"), stroke("M10 6l-6 6 6 6")] },
  "arrow-up-right": { viewBox: grid, shapes: [stroke("M6 18L18 6"), stroke("M8 6h10v10")] },
  close: { viewBox: grid, shapes: [stroke("M6 6l12 12"), stroke("M18 6L6 18")] },
  menu: { viewBox: grid, shapes: [stroke("M4 7h16"), stroke("M4 12h16"), stroke("M4 17h16")] },
  instagram: {
    viewBox: grid,
    shapes: [
      stroke("M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5z"),
      stroke(circle(12, 12, 4)),
      fill(circle(17.3, 6.7, 1.2)),
    ],
  },
  vimeo: {
    viewBox: grid,
    shapes: [
      stroke(
        "M3 8.5l2-1.3c.8-.5 1.5-.2 1.8.7L9.5 17c.4 1.2 1.2 1.3 1.9.3C15 12.4 17.5 8.6 18.6 6.3c.8-1.6 2.6-1.3 2.4.6-.3 3.6-4.4 9.8-8.9 13.1",
      ),
    ],
  },
  youtube: {
    viewBox: grid,
    shapes: [
      stroke("M6 5h12a4 4 0 0 1 4 4v6a4 4 0 0 1-4 4H6a4 4 0 0 1-4-4V9a4 4 0 0 1 4-4z"),
      fill("M10 8.8v6.4a.5.5 0 0 0 .76.43l5.2-3.2a.5.5 0 0 0 0-.86l-5.2-3.2A.5.5 0 0 0 10 8.8z"),
    ],
  },
  linkedin: {
    viewBox: grid,
    shapes: [
      stroke("M6 3h12a3 3 0 0 1 3 3v12a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V6a3 3 0 0 1 3-3z"),
      fill(circle(8, 7.6, 1.3)),
      stroke("M8 11v6"),
      stroke("M12 17v-6"),
      stroke("M12 13.5a2.5 2.5 0 0 1 5 0V17"),
    ],
  },
  tiktok: {
    viewBox: grid,
    shapes: [stroke("M14 3v11.5a4 4 0 1 1-4-4"), stroke("M14 3a5 5 0 0 0 5 5")],
  },
  x: {
    viewBox: grid,
    shapes: [stroke("M4 4h4.5L20 20h-4.5z"), stroke("M19.5 4l-6.6 7.3"), stroke("M11.1 12.7L4.5 20")],
  },
  mail: {
    viewBox: grid,
    shapes: [
      stroke(
        "M4.5 5.5h15A1.5 1.5 0 0 1 21 7v10a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17V7a1.5 1.5 0 0 1 1.5-1.5z",
      ),
      stroke("M3.5 6.5l8.5 6.5 8.5-6.5"),
    ],
  },
  globe: {
    viewBox: grid,
    shapes: [
      stroke(circle(12, 12, 9)),
      stroke("M12 3c-2.4 2.5-3.6 5.5-3.6 9s1.2 6.5 3.6 9c2.4-2.5 3.6-5.5 3.6-9S14.4 5.5 12 3z"),
      stroke("M3.5 9h17"),
      stroke("M3.5 15h17"),
    ],
  },
} as const satisfies Record<string, IconDefinition>;

export type IconName = keyof typeof icons;
