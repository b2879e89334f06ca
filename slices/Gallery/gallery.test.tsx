import type { Content, ImageField } from "@prismicio/client";
import { render, screen } from "@testing-library/react";

import { BalancedList } from "@/components/balanced-list/balanced-list";
import Gallery from "@/slices/Gallery";

function picture(index: number, width: number, height: number): ImageField {
  return {
    id: `image-${index}`,
    url: `/assets/gallery-${index}.jpg`,
    alt: `Picture ${index}`,
    copyright: null,
    dimensions: { width, height },
    edit: { x: 0, y: 0, zoom: 1, background: "transparent" },
  } as ImageField;
}

function gallery(sizes: Array<[number, number]>): Content.GallerySlice {
  return {
    id: "gallery",
    slice_type: "gallery",
    slice_label: null,
    variation: "default",
    version: "initial",
    items: [],
    primary: {
      images: sizes.map(([width, height], index) => ({
        image: picture(index, width, height),
        caption: `Caption ${index}`,
      })),
    },
  } as unknown as Content.GallerySlice;
}

function renderGallery(slice: Content.GallerySlice) {
  return render(<Gallery slice={slice} index={0} slices={[slice]} context={{}} />);
}

const LANDSCAPE: [number, number] = [1600, 1067];
const PORTRAIT: [number, number] = [1067, 1600];

describe("Gallery slice", () => {
  it("lays five pictures out in a row of two then a row of three, in order, each with its caption", () => {
    const { container } = renderGallery(gallery([LANDSCAPE, PORTRAIT, LANDSCAPE, LANDSCAPE, PORTRAIT]));
    const rows = Array.from(container.querySelectorAll("section > div"));
    expect(rows.map((row) => row.querySelectorAll("figure").length)).toEqual([2, 3]);
    expect(screen.getAllByRole("img").map((image) => image.getAttribute("alt"))).toEqual([
      "Picture 0",
      "Picture 1",
      "Picture 2",
      "Picture 3",
      "Picture 4",
    ]);
    expect(screen.getByText("Caption 4").tagName).toBe("FIGCAPTION");
  });

  it("gives each picture its share of the row, and caps the row at its smallest picture's pixels", () => {
    const { container } = renderGallery(gallery([LANDSCAPE, PORTRAIT]));
    const row = container.querySelector<HTMLElement>("section > div")!;
    const ratio = 1600 / 1067 + 1067 / 1600;
    expect(row.style.getPropertyValue("--row-max")).toBe(`${Math.floor(ratio * 1067)}px`);
    const [wide, narrow] = screen.getAllByRole("img");
    expect(wide.getAttribute("sizes")).toBe(
      `(min-width: 700px) ${Math.ceil((100 * 1600) / 1067 / ratio)}vw, 100vw`,
    );
    expect(narrow.getAttribute("sizes")).toBe(
      `(min-width: 700px) ${Math.ceil((100 * 1067) / 1600 / ratio)}vw, 100vw`,
    );
  });

  it("skips an empty image slot instead of leaving a hole for it", () => {
    const slice = gallery([LANDSCAPE, LANDSCAPE]);
    slice.primary.images.push({ image: {} as ImageField, caption: "Nothing" } as never);
    renderGallery(slice);
    expect(screen.getAllByRole("img")).toHaveLength(2);
    expect(screen.queryByText("Nothing")).toBeNull();
  });
});

describe("BalancedList", () => {
  it("sets how many items go in a row at each breakpoint from the number of items", () => {
    render(
      <BalancedList limits={{ base: 2, md: 4, lg: 7 }}>
        {Array.from({ length: 8 }, (_, index) => (
          <li key={index}>Logo {index}</li>
        ))}
      </BalancedList>,
    );
    const list = screen.getByRole("list");
    expect(screen.getAllByRole("listitem")).toHaveLength(8);
    expect(list.style.getPropertyValue("--cols-base")).toBe("2");
    expect(list.style.getPropertyValue("--cols-md")).toBe("4");
    expect(list.style.getPropertyValue("--cols-lg")).toBe("4");
  });
});
