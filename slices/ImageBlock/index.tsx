import type { Content } from "@prismicio/client";
import type { SliceComponentProps } from "@prismicio/react";

import { ContentImage } from "@/components/content-image/content-image";

export type ImageBlockProps = SliceComponentProps<Content.ImageSlice>;

export default function ImageBlock({ slice }: ImageBlockProps) {
  const { image, caption, layout } = slice.primary;
  return (
    <figure className={`slice image image--${layout}`} data-slice-type={slice.slice_type}>
      <ContentImage field={image} sizes={layout === "full" ? "100vw" : "(min-width: 900px) 70vw, 100vw"} />
      {caption ? <figcaption>{caption}</figcaption> : null}
    </figure>
  );
}
