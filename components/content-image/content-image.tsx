import { isFilled, type ImageField } from "@prismicio/client";
import { getImageProps, type ImageLoader } from "next/image";
import { preload as preloadResource } from "react-dom";

import { srcSetUpTo } from "@/lib/layout/image-fit";

/**
 * A content image without layout shift, rendered on the server as a plain
 * `<img>` with its srcset (no client component, so no image code in the
 * browser): hosted Prismic images are resized by Prismic's Imgix CDN; the
 * bundled repository's site-relative images by Next's own optimiser (AVIF or
 * WebP). A `preload` image (the page's largest paint) is fetched eagerly at
 * high priority and announced in the head with its srcset.
 */
export interface ContentImageProps {
  field: ImageField | null | undefined;
  sizes: string;
  className?: string;
  preload?: boolean;
  /** Overrides the field's alt text; "" marks a decorative image. */
  alt?: string;
}

/** Imgix keeps the field's own parameters (Prismic's `auto=format,compress`), never upscales. */
const imgixLoader: ImageLoader = ({ src, width, quality }) => {
  const url = new URL(src);
  url.searchParams.set("fit", "max");
  url.searchParams.set("w", String(width));
  if (quality) url.searchParams.set("q", String(quality));
  return url.toString();
};

export function ContentImage({ field, sizes, className, preload = false, alt }: ContentImageProps) {
  if (!isFilled.image(field)) return null;
  const { props: imageProps } = getImageProps({
    src: field.url,
    width: field.dimensions.width,
    height: field.dimensions.height,
    alt: alt ?? field.alt ?? "",
    sizes,
    className,
    preload,
    fetchPriority: preload ? "high" : undefined,
    loader: /^https?:\/\//.test(field.url) ? imgixLoader : undefined,
  });
  const props = { ...imageProps, srcSet: srcSetUpTo(imageProps.srcSet, field.dimensions.width) };
  if (preload) {
    preloadResource(props.src, {
      as: "image",
      imageSrcSet: props.srcSet,
      imageSizes: props.sizes,
      fetchPriority: "high",
    });
  }
  // eslint-disable-next-line @next/next/no-img-element -- getImageProps gives next/image's markup without its client component
  return <img {...props} alt={props.alt} />;
}
