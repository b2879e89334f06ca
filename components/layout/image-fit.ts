/**
 * How large a picture may be drawn without being enlarged past its own pixels
 * (a blown-up image looks soft), and the `sizes` that fetch enough of them.
 */

export interface Dimensions {
  width: number;
  height: number;
}

/** The shape players take when an embed does not give its own (video-facade.module.css says the same). */
export const DEFAULT_FRAME = 16 / 9;

/** An embed's frame (width / height), when its oEmbed gives both as positive numbers; null otherwise. */
export function frameRatio(width: unknown, height: unknown): number | null {
  return typeof width === "number" && typeof height === "number" && width > 0 && height > 0
    ? width / height
    : null;
}

const known = (dimensions: Dimensions | null | undefined): dimensions is Dimensions =>
  Boolean(dimensions && dimensions.width > 0 && dimensions.height > 0);

/**
 * The widest (CSS px, at one device pixel per px) a picture may be drawn: whole,
 * or cropped by `object-fit: cover` into a frame of aspect ratio `frame`
 * (width / height), where it must fill the frame's height too. Null when unknown.
 */
export function maxDrawWidth(dimensions: Dimensions | null | undefined, frame?: number): number | null {
  if (!known(dimensions)) return null;
  return Math.floor(frame ? Math.min(dimensions.width, dimensions.height * frame) : dimensions.width);
}

/**
 * The `sizes` of a full-bleed picture cropped by `object-fit: cover` into a box
 * `heightVh` of the viewport tall: on screens narrower than the picture's
 * shape it is drawn wider than the viewport, to fill the box's height.
 */
export function coverSizes(dimensions: Dimensions | null | undefined, heightVh: number): string {
  if (!known(dimensions)) return "100vw";
  const { width, height } = dimensions;
  const widthVh = Math.ceil((width / height) * heightVh);
  return `(max-aspect-ratio: ${width}/${height}) ${widthVh}vh, 100vw`;
}

/**
 * Custom properties for the block that draws a picture, read by its CSS:
 * `--max-draw`, its widest (see maxDrawWidth), and `--ratio`, the shape it is
 * drawn in (to keep a portrait within the screen's height).
 */
export function drawVars(dimensions: Dimensions | null | undefined, frame?: number): Record<string, string> {
  const widest = maxDrawWidth(dimensions, frame);
  if (widest === null || !known(dimensions)) return {};
  const ratio = frame ?? dimensions.width / dimensions.height;
  return { "--max-draw": `${widest}px`, "--ratio": ratio.toFixed(4) };
}

/**
 * A width-descriptor srcset without the candidates past the file's own width
 * but the first: larger files would be the same pixels (the optimiser never
 * enlarges), and each entry is written twice per page (HTML and RSC payload).
 */
export function srcSetUpTo(srcSet: string | undefined, fileWidth: number): string | undefined {
  if (!srcSet) return srcSet;
  const candidates = srcSet
    .split(", ")
    .map((entry) => ({ entry, width: Number(entry.match(/ (\d+)w$/)?.[1]) }));
  if (candidates.some(({ width }) => !Number.isFinite(width))) return srcSet;
  const firstCovering = candidates.findIndex(({ width }) => width >= fileWidth);
  const kept = firstCovering === -1 ? candidates : candidates.slice(0, firstCovering + 1);
  return kept.map(({ entry }) => entry).join(", ");
}
