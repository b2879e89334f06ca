import {
  balancedColumns,
  balancedColumnVars,
  balancedSizes,
  firstRowScreens,
  WORK_CARD_COLUMNS,
} from "@/components/layout/balanced-columns";
import { aspectRatio, galleryRows, rowSizes } from "@/components/layout/gallery-rows";
import { coverSizes, drawVars, frameRatio, maxDrawWidth, srcSetUpTo } from "@/components/layout/image-fit";

describe("balancedColumns", () => {
  it("spreads items evenly over the fewest rows", () => {
    expect(balancedColumns(8, 7)).toBe(4); // the home page's logos: 4 + 4, not 7 + 1
    expect(balancedColumns(8, 6)).toBe(4);
    expect(balancedColumns(7, 6)).toBe(4); // 4 + 3, the 3 centred
    expect(balancedColumns(12, 6)).toBe(6);
    expect(balancedColumns(13, 3)).toBe(3);
    expect(balancedColumns(5, 3)).toBe(3);
    expect(balancedColumns(4, 3)).toBe(2); // 2 + 2
    expect(balancedColumns(3, 6)).toBe(3);
  });

  it("uses no more rows than the limit needs, with rows as narrow as that allows, for 1 to 30 items", () => {
    for (const max of [2, 3, 4, 6, 7])
      for (let count = 1; count <= 30; count++) {
        const perRow = balancedColumns(count, max);
        expect(perRow).toBeLessThanOrEqual(max);
        expect(Math.ceil(count / perRow)).toBe(Math.ceil(count / max));
        if (perRow > 1) expect(Math.ceil(count / (perRow - 1))).toBeGreaterThan(Math.ceil(count / max));
      }
  });

  it("takes a nonsense count or limit without breaking", () => {
    expect(balancedColumns(0, 4)).toBe(4);
    expect(balancedColumns(Number.NaN, 4)).toBe(4);
    expect(balancedColumns(5, 0)).toBe(1);
  });

  it("gives each breakpoint its count, and image sizes to match", () => {
    expect(balancedColumnVars(8, { base: 2, md: 4, lg: 6 })).toEqual({
      "--cols-base": 2,
      "--cols-md": 4,
      "--cols-lg": 4,
    });
    expect(balancedSizes(5, { base: 1, md: 2, lg: 3 })).toBe(
      "(min-width: 1100px) 34vw, (min-width: 700px) 50vw, 100vw",
    );
    expect(balancedSizes(1, { base: 1, md: 2, lg: 3 })).toBe(
      "(min-width: 1100px) 100vw, (min-width: 700px) 100vw, 100vw",
    );
  });
});

describe("firstRowScreens", () => {
  it("names the screens on which each work card is in the first row: one on a phone, more on wider screens", () => {
    expect([0, 1, 2, 3].map((index) => firstRowScreens(index, 14, WORK_CARD_COLUMNS))).toEqual([
      true,
      "(min-width: 700px)",
      "(min-width: 1100px)",
      false,
    ]);
    // 4 works make rows of 2 on every wide screen: the third is never in the first row.
    expect([0, 1, 2].map((index) => firstRowScreens(index, 4, WORK_CARD_COLUMNS))).toEqual([
      true,
      "(min-width: 700px)",
      false,
    ]);
  });

  it("agrees with the columns of each breakpoint, for any list and limits", () => {
    const width = (query: string) => Number(/^\(min-width: (\d+)px\)$/.exec(query)?.[1]);
    for (const limits of [WORK_CARD_COLUMNS, { base: 2, md: 4, lg: 6 }, { base: 1, md: 1, lg: 4 }])
      for (let count = 1; count <= 30; count++)
        for (let index = 0; index < count; index++) {
          const screens = firstRowScreens(index, count, limits);
          const inFirstRow = (max: number) => index < balancedColumns(count, max);
          const from = screens === true ? 0 : screens === false ? Number.POSITIVE_INFINITY : width(screens);
          // In the first row exactly on the screens at least `from` wide.
          expect(inFirstRow(limits.base)).toBe(from === 0);
          expect(inFirstRow(limits.md)).toBe(from <= 700);
          expect(inFirstRow(limits.lg)).toBe(from <= 1100);
        }
  });
});

describe("gallery rows", () => {
  it("makes even rows, the smaller first, and never a lone picture unless it is the only one", () => {
    expect(rowSizes(0)).toEqual([]);
    expect(rowSizes(1)).toEqual([1]);
    expect(rowSizes(2)).toEqual([2]);
    expect(rowSizes(3)).toEqual([3]);
    expect(rowSizes(4)).toEqual([2, 2]);
    expect(rowSizes(5)).toEqual([2, 3]);
    expect(rowSizes(7)).toEqual([2, 2, 3]);
    for (let count = 2; count <= 12; count++) {
      const sizes = rowSizes(count);
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(count);
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(2);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    }
  });

  it("sums each row's aspect ratios and caps its width at its smallest picture's pixels", () => {
    const landscape = { width: 1600, height: 1067 };
    const portrait = { width: 1067, height: 1600 };
    const rows = galleryRows([landscape, landscape, portrait], (image) => image);
    expect(rows).toHaveLength(1);
    expect(rows[0].ratio).toBeCloseTo(1600 / 1067 + 1600 / 1067 + 1067 / 1600, 5);
    expect(rows[0].maxWidth).toBe(Math.floor(rows[0].ratio * 1067));
  });

  it("falls back to 3:2 for an image without dimensions, and then sets no cap", () => {
    expect(aspectRatio({ width: 0, height: 0 })).toBe(1.5);
    const [row] = galleryRows([{ width: 0, height: 0 }], (image) => image);
    expect(row.maxWidth).toBeNull();
  });
});

describe("image fit", () => {
  it("draws a picture at most at its own width, or as wide as its height allows in a frame", () => {
    expect(maxDrawWidth({ width: 1600, height: 1000 })).toBe(1600);
    expect(maxDrawWidth({ width: 1067, height: 1600 }, 16 / 9)).toBe(1067);
    expect(maxDrawWidth({ width: 2400, height: 900 }, 16 / 9)).toBe(1600);
    expect(maxDrawWidth({ width: 0, height: 0 })).toBeNull();
    expect(maxDrawWidth(null)).toBeNull();
  });

  it("asks for a cropped background as wide as the screen's height needs", () => {
    expect(coverSizes({ width: 2400, height: 1350 }, 92)).toBe("(max-aspect-ratio: 2400/1350) 164vh, 100vw");
    expect(coverSizes(undefined, 92)).toBe("100vw");
  });

  it("reads an embed's frame only from positive numbers", () => {
    expect(frameRatio(640, 360)).toBeCloseTo(16 / 9, 5);
    expect(frameRatio("100%", 360)).toBeNull();
    expect(frameRatio(640, 0)).toBeNull();
    expect(frameRatio(null, undefined)).toBeNull();
  });

  it("hands the CSS the widest and the shape", () => {
    expect(drawVars({ width: 1067, height: 1600 })).toEqual({ "--max-draw": "1067px", "--ratio": "0.6669" });
    expect(drawVars({ width: 1600, height: 1000 }, 16 / 9)).toEqual({
      "--max-draw": "1600px",
      "--ratio": "1.7778",
    });
    expect(drawVars(null)).toEqual({});
  });
});

describe("srcSetUpTo", () => {
  const srcSet = [32, 64, 384, 640, 1080, 1920, 3840]
    .map((w) => `/_next/image?url=%2Fa.png&w=${w}&q=75 ${w}w`)
    .join(", ");

  it("keeps the candidates up to the first one that covers the file's width", () => {
    expect(srcSetUpTo(srcSet, 400)?.match(/\d+w/g)).toEqual(["32w", "64w", "384w", "640w"]);
    expect(srcSetUpTo(srcSet, 1080)?.match(/\d+w/g)).toEqual(["32w", "64w", "384w", "640w", "1080w"]);
  });

  it("keeps every candidate for a file wider than the largest", () => {
    expect(srcSetUpTo(srcSet, 5000)).toBe(srcSet);
  });

  it("leaves density descriptors and empty sets alone", () => {
    expect(srcSetUpTo("/a.png?w=400 1x, /a.png?w=800 2x", 300)).toBe("/a.png?w=400 1x, /a.png?w=800 2x");
    expect(srcSetUpTo(undefined, 300)).toBeUndefined();
  });
});
