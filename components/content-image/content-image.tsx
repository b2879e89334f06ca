import { isFilled, type ImageField } from "@prismicio/client";
import { PrismicNextImage } from "@prismicio/next";
import Image from "next/image";

/**
 * A content image without layout shift: hosted Prismic images go through
 * Imgix (PrismicNextImage); the bundled repository's site-relative images
 * through Next's own optimiser.
 */
export interface ContentImageProps {
  field: ImageField | null | undefined;
  sizes: string;
  className?: string;
  priority?: boolean;
  /** Overrides the field's alt text on both branches; "" marks a decorative image. */
  alt?: string;
}

export function ContentImage({ field, sizes, className, priority, alt }: ContentImageProps) {
  if (!isFilled.image(field)) return null;
  if (/^https?:\/\//.test(field.url)) {
    // PrismicNextImage's own alt prop only accepts "" (decorative): other overrides replace the field's alt.
    return (
      <PrismicNextImage
        field={alt ? { ...field, alt } : field}
        sizes={sizes}
        className={className}
        priority={priority}
        alt={alt === "" ? "" : undefined}
        fallbackAlt=""
      />
    );
  }
  return (
    <Image
      src={field.url}
      width={field.dimensions.width}
      height={field.dimensions.height}
      alt={alt ?? field.alt ?? ""}
      sizes={sizes}
      className={className}
      priority={priority}
    />
  );
}
