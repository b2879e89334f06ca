import { isFilled, type ImageField, type ImageFieldImage } from "@prismicio/client";
import { getImageProps, type ImageLoader } from "next/image";
import { preload as preloadResource } from "react-dom";

import { srcSetUpTo } from "@/components/layout/image-fit";

/**
 * A content image without layout shift, rendered on the server as a plain
 * `<img>` with its srcset (no client component, so no image code in the
 * browser): hosted Prismic images are resized by Prismic's Imgix CDN; the
 * bundled repository's site-relative images by Next's own optimiser (AVIF or
 * WebP). A `preload` image (the page's largest paint) is fetched eagerly at
 * high priority and announced in the head with its srcset; one that is the largest paint only on
 * some screens (a grid's first row, wider on wider screens) is announced for those screens alone
 * and loads lazily, as any image, elsewhere.
 *
 * Art direction: `views` are the field's responsive views (Prismic's thumbnails, e.g. a portrait
 * crop for phones), each used where its media query matches, in a <picture>. A preloaded image
 * announces each view under its own media query, so a browser fetches only the one it shows.
 */
export interface ImageView {
  /** The view, e.g. `field.phone`; an empty one is skipped. */
  image: ImageFieldImage | null | undefined;
  /** Where the view is used instead of the field's main image, e.g. "(max-aspect-ratio: 3/4)". */
  media: string;
  sizes: string;
}

export interface ContentImageProps {
  /** The field; its responsive views, if its model has any, are passed in `views`. */
  field: ImageField | null | undefined;
  sizes: string;
  className?: string;
  /**
   * The page's largest paint: on every screen (`true`), or on the screens a media query describes
   * (e.g. "(min-width: 700px)"), announced in the head for those and lazy elsewhere.
   */
  preload?: boolean | string;
  /** Overrides the field's alt text; "" marks a decorative image. */
  alt?: string;
  /** Responsive views of the field, tried in order before the main image. */
  views?: ImageView[];
}

/** Imgix keeps the field's own parameters (Prismic's `auto=format,compress`), never upscales. */
const imgixLoader: ImageLoader = ({ src, width, quality }) => {
  const url = new URL(src);
  url.searchParams.set("fit", "max");
  url.searchParams.set("w", String(width));
  if (quality) url.searchParams.set("q", String(quality));
  return url.toString();
};

/** next/image's attributes for one image file, with a srcset that stops at the file's width. */
function imageAttributes(
  image: ImageFieldImage & { url: string },
  sizes: string,
  alt: string,
  preload: boolean,
) {
  const { props } = getImageProps({
    src: image.url,
    width: image.dimensions.width,
    height: image.dimensions.height,
    alt,
    sizes,
    preload,
    fetchPriority: preload ? "high" : undefined,
    loader: /^https?:\/\//.test(image.url) ? imgixLoader : undefined,
  });
  const srcSet = srcSetUpTo(props.srcSet, image.dimensions.width);
  // The fallback src (for browsers without srcset) is the widest candidate kept, not Next's widest size.
  const widest = srcSet
    ?.split(", ")
    .at(-1)
    ?.replace(/ \d+w$/, "");
  return { ...props, srcSet, src: widest ?? props.src };
}

/** Announces an image file in the head, for the screens `media` describes (all when undefined). */
function announce(attributes: { src: string; srcSet?: string; sizes?: string }, media?: string) {
  preloadResource(attributes.src, {
    as: "image",
    imageSrcSet: attributes.srcSet,
    imageSizes: attributes.sizes,
    fetchPriority: "high",
    media,
  });
}

/** A media query matching where `query` does, on the screens `where` describes (all: undefined). */
function within(where: string | undefined, query: string): string {
  return where ? `${where} and ${query}` : query;
}

/** A media query matching where none of `queries` does, on the screens `where` describes. */
function noneOf(queries: string[], where?: string): string {
  if (where) return `${where} and (not (${queries.join(" or ")}))`;
  return queries.length === 1 ? `not all and ${queries[0]}` : `not (${queries.join(" or ")})`;
}

export function ContentImage({
  field,
  sizes,
  className,
  preload = false,
  alt,
  views = [],
}: ContentImageProps) {
  if (!isFilled.image(field)) return null;
  const text = alt ?? field.alt ?? "";
  // (fetched eagerly only where it is the largest paint on every screen)
  const props = { ...imageAttributes(field, sizes, text, preload === true), className };
  const where = typeof preload === "string" ? preload : undefined;
  const sources = views.flatMap(({ image, media, sizes: viewSizes }) =>
    isFilled.image(image) ? [{ media, ...imageAttributes(image, viewSizes, text, false) }] : [],
  );
  if (preload) {
    sources.forEach((source) => announce(source, within(where, source.media)));
    // The main image only where no view is used.
    announce(
      props,
      sources.length > 0
        ? noneOf(
            sources.map((source) => source.media),
            where,
          )
        : where,
    );
  }
  // eslint-disable-next-line @next/next/no-img-element -- getImageProps gives next/image's markup without its client component
  const img = <img {...props} alt={props.alt} />;
  if (sources.length === 0) return img;
  return (
    <picture>
      {sources.map((source) => (
        <source
          key={source.media}
          media={source.media}
          srcSet={source.srcSet}
          sizes={source.sizes}
          width={source.width}
          height={source.height}
        />
      ))}
      {img}
    </picture>
  );
}
