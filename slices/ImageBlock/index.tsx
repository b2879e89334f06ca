import type { Content } from "@prismicio/client";
import type { SliceComponentProps } from "@prismicio/react";

import { ContentImage } from "@/components/content-image/content-image";
import { drawVars } from "@/components/layout/image-fit";

import styles from "../body-slices.module.css";
import { captionRepeatsAlt } from "../caption";

export type ImageBlockProps = SliceComponentProps<Content.ImageSlice>;

export default function ImageBlock({ slice }: ImageBlockProps) {
  const { image, caption, layout } = slice.primary;
  const full = layout === "full";
  return (
    <figure
      className={`${styles.block} ${full ? styles.full : styles.contained}`}
      data-slice-type={slice.slice_type}
      style={drawVars(image.dimensions)}
    >
      <ContentImage
        field={image}
        sizes={full ? "100vw" : "(min-width: 1200px) 72rem, 100vw"}
        className={styles.media}
        alt={captionRepeatsAlt(caption, image.alt) ? "" : undefined}
      />
      {caption ? <figcaption className={styles.caption}>{caption}</figcaption> : null}
    </figure>
  );
}
