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

const grid: IconViewBox = "0 0 24 24";

export const icons = {
  play: {
    viewBox: grid,
    shapes: [fill("M8 4.8v14.4a1 1 0 0 0 1.5.86l11.2-7.2a1 1 0 0 0 0-1.72L9.5 3.94A1 1 0 0 0 8 4.8z")],
  },
  "arrow-up-right": { viewBox: grid, shapes: [stroke("M6 18L18 6"), stroke("M8 6h10v10")] },
  close: { viewBox: grid, shapes: [stroke("M6 6l12 12"), stroke("M18 6L6 18")] },
} as const satisfies Record<string, IconDefinition>;

export type IconName = keyof typeof icons;
