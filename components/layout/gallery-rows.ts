/**
 * A gallery in justified rows: each row is filled edge to edge by its images at
 * one shared height, so portrait and landscape pictures mix without cropping
 * and without holes, whatever the count.
 */

export interface GalleryImage {
  width: number;
  height: number;
}

export interface GalleryRow<T> {
  items: T[];
  /** Sum of the images' aspect ratios (width / height): the row's width at a height of 1. */
  ratio: number;
  /** The widest the row may be drawn without enlarging its smallest image (px); null when unknown. */
  maxWidth: number | null;
}

const FALLBACK_RATIO = 3 / 2;

export function aspectRatio(image: GalleryImage): number {
  const ratio = image.width / image.height;
  return Number.isFinite(ratio) && ratio > 0 ? ratio : FALLBACK_RATIO;
}

/**
 * Row sizes for `count` images at most `max` per row, as even as possible,
 * the smaller rows first (the opening pictures show larger): 5 → [2, 3],
 * 7 → [2, 2, 3]. Never a row of one, except for a single image.
 */
export function rowSizes(count: number, max = 3): number[] {
  if (count < 1) return [];
  const perRow = Math.max(2, Math.floor(max));
  const rows = Math.ceil(count / perRow);
  const small = Math.floor(count / rows);
  const large = count - small * rows; // how many rows take one more
  return Array.from({ length: rows }, (_, index) => (index < rows - large ? small : small + 1));
}

export function galleryRows<T>(
  items: T[],
  dimensionsOf: (item: T) => GalleryImage,
  max = 3,
): GalleryRow<T>[] {
  const rows: GalleryRow<T>[] = [];
  let start = 0;
  for (const size of rowSizes(items.length, max)) {
    const rowItems = items.slice(start, start + size);
    start += size;
    const ratio = rowItems.reduce((sum, item) => sum + aspectRatio(dimensionsOf(item)), 0);
    // At a height h the row is ratio × h wide, and no image may be drawn taller than its own pixels.
    const heights = rowItems.map((item) => dimensionsOf(item).height).filter((height) => height > 0);
    const maxWidth = heights.length === rowItems.length ? Math.floor(ratio * Math.min(...heights)) : null;
    rows.push({ items: rowItems, ratio, maxWidth });
  }
  return rows;
}
