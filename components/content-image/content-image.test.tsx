import type { ImageField, ImageFieldImage } from "@prismicio/client";
import { render, screen } from "@testing-library/react";

import { ContentImage } from "@/components/content-image/content-image";

function image(url: string, alt: string | null): ImageField {
  return {
    id: "logo",
    url,
    alt,
    copyright: null,
    dimensions: { width: 400, height: 200 },
    edit: { x: 0, y: 0, zoom: 1, background: "transparent" },
  } as ImageField;
}

/** A hosted repository's image (absolute, served through Imgix) and a bundled one (site-relative). */
const BRANCHES = [
  ["hosted", "https://images.prismic.io/vif-argent/logo-canal-lumen.png?auto=format,compress"],
  ["bundled", "/assets/logo-canal-lumen.png"],
] as const;

describe.each(BRANCHES)("ContentImage (%s image)", (_, url) => {
  it("names the image with the alt override over the field's alt", () => {
    render(<ContentImage field={image(url, "Logo")} sizes="200px" alt="Canal Lumen" />);
    expect(screen.getByRole("img", { name: "Canal Lumen" })).toHaveAttribute("alt", "Canal Lumen");
  });

  it("names the image with the override when the field has no alt", () => {
    render(<ContentImage field={image(url, null)} sizes="200px" alt="Canal Lumen" />);
    expect(screen.getByRole("img", { name: "Canal Lumen" })).toBeInTheDocument();
  });

  it("uses the field's alt without an override", () => {
    render(<ContentImage field={image(url, "A lighthouse at dusk")} sizes="50vw" />);
    expect(screen.getByRole("img", { name: "A lighthouse at dusk" })).toBeInTheDocument();
  });

  it('marks the image decorative with alt=""', () => {
    const { container } = render(
      <ContentImage field={image(url, "A lighthouse at dusk")} sizes="100vw" alt="" />,
    );
    expect(container.querySelector("img")).toHaveAttribute("alt", "");
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
  });

  it("renders nothing for an empty image field", () => {
    const { container } = render(<ContentImage field={{} as ImageField} sizes="100vw" alt="Canal Lumen" />);
    expect(container).toBeEmptyDOMElement();
  });
});

it("serves a hosted image through Imgix and a bundled one through Next's optimiser", () => {
  const { container } = render(
    <>
      <ContentImage field={image(BRANCHES[0][1], "Hosted")} sizes="200px" />
      <ContentImage field={image(BRANCHES[1][1], "Bundled")} sizes="200px" />
    </>,
  );
  const [hosted, bundled] = container.querySelectorAll("img");
  expect(new URL(hosted.getAttribute("src")!).hostname).toBe("images.prismic.io");
  expect(bundled.getAttribute("src")).toMatch(/^\/_next\/image\?url=%2Fassets%2Flogo-canal-lumen\.png/);
});

it("loads a preloaded image eagerly at high priority, others lazily", () => {
  const { container } = render(
    <>
      <ContentImage field={image(BRANCHES[1][1], "Cover")} sizes="100vw" preload />
      <ContentImage field={image(BRANCHES[1][1], "Logo")} sizes="200px" />
    </>,
  );
  const [cover, logo] = container.querySelectorAll("img");
  expect(cover).toHaveAttribute("fetchpriority", "high");
  expect(cover).not.toHaveAttribute("loading");
  expect(logo).toHaveAttribute("loading", "lazy");
  expect(logo).not.toHaveAttribute("fetchpriority");
});

it("announces an image that is the largest paint only on some screens for those alone, and loads it lazily", () => {
  const { container } = render(
    <ContentImage field={image(BRANCHES[1][1], "Second")} sizes="50vw" preload="(min-width: 700px)" />,
  );
  const img = container.querySelector("img")!;
  expect(img).toHaveAttribute("loading", "lazy");
  expect(img).not.toHaveAttribute("fetchpriority");
  const announced = document.head.querySelector(
    `link[rel="preload"][imagesrcset="${img.getAttribute("srcset")}"]`,
  );
  expect(announced).toHaveAttribute("media", "(min-width: 700px)");
  expect(announced).toHaveAttribute("fetchpriority", "high");
});

it("announces each view of such an image only where both its own media and those screens match", () => {
  const phone = {
    ...image("/assets/cover-phone.jpg", "Phone"),
    dimensions: { width: 300, height: 600 },
  } as ImageFieldImage;
  render(
    <ContentImage
      field={image("/assets/cover-wide.jpg", "Cover")}
      sizes="50vw"
      preload="(min-width: 700px)"
      views={[{ image: phone, media: "(max-aspect-ratio: 3/4)", sizes: "50vw" }]}
    />,
  );
  const media = (file: string) =>
    document.head.querySelector(`link[rel="preload"][imagesrcset*="${file}"]`)?.getAttribute("media");
  expect(media("cover-phone.jpg")).toBe("(min-width: 700px) and (max-aspect-ratio: 3/4)");
  expect(media("cover-wide.jpg")).toBe("(min-width: 700px) and (not ((max-aspect-ratio: 3/4)))");
});

it("offers no file wider than needed for the image's own pixels", () => {
  const { container } = render(<ContentImage field={image(BRANCHES[1][1], "Logo")} sizes="200px" />);
  const widths = (container.querySelector("img")?.getAttribute("srcset") ?? "")
    .match(/\d+(?=w\b)/g)!
    .map(Number);
  expect(widths.filter((width) => width >= 400)).toHaveLength(1); // the file is 400 px wide
  expect(Math.max(...widths)).toBeLessThan(1000);
});
