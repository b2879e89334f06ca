import { isFilled, type Content } from "@prismicio/client";
import type { SliceComponentProps } from "@prismicio/react";
import type { CSSProperties } from "react";

import { ContentImage } from "@/components/content-image/content-image";
import { aspectRatio, galleryRows } from "@/components/layout/gallery-rows";

import styles from "../body-slices.module.css";
import { captionRepeatsAlt } from "../caption";
import gallery from "./gallery.module.css";

export type GalleryProps = SliceComponentProps<Content.GallerySlice>;

type GalleryItem = Content.GallerySliceDefaultPrimaryImagesItem;

const dimensionsOf = (item: GalleryItem) => item.image.dimensions ?? { width: 0, height: 0 };

/** Images in justified rows: as many rows as the count needs, none with a lone picture beside a hole. */
export default function Gallery({ slice }: GalleryProps) {
  const rows = galleryRows(
    slice.primary.images.filter((item) => isFilled.image(item.image)),
    dimensionsOf,
  );
  return (
    <section className={`${styles.block} ${gallery.gallery}`} data-slice-type={slice.slice_type}>
      {rows.map((row, rowIndex) => (
        <div
          key={rowIndex}
          className={gallery.row}
          style={
            {
              "--row-ratio": row.ratio,
              "--row-max": row.maxWidth ? `${row.maxWidth}px` : undefined,
            } as CSSProperties
          }
        >
          {row.items.map((item, index) => {
            const ratio = aspectRatio(dimensionsOf(item));
            const share = Math.ceil((100 * ratio) / row.ratio);
            return (
              <figure key={index} className={gallery.figure} style={{ "--ratio": ratio } as CSSProperties}>
                <ContentImage
                  field={item.image}
                  sizes={`(min-width: 700px) ${share}vw, 100vw`}
                  className={styles.media}
                  alt={captionRepeatsAlt(item.caption, item.image.alt) ? "" : undefined}
                />
                {item.caption ? <figcaption className={styles.caption}>{item.caption}</figcaption> : null}
              </figure>
            );
          })}
        </div>
      ))}
    </section>
  );
}
