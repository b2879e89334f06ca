import type { Content } from "@prismicio/client";
import type { SliceComponentProps } from "@prismicio/react";

import { ContentImage } from "@/components/content-image/content-image";

import styles from "../body-slices.module.css";
import { captionRepeatsAlt } from "../caption";

export type GalleryProps = SliceComponentProps<Content.GallerySlice>;

export default function Gallery({ slice }: GalleryProps) {
  return (
    <section className={styles.block} data-slice-type={slice.slice_type}>
      <ul className={styles.gallery}>
        {slice.primary.images.map((item, index) => (
          <li key={index}>
            <figure>
              <ContentImage
                field={item.image}
                sizes="(min-width: 900px) 50vw, 100vw"
                className={styles.media}
                alt={captionRepeatsAlt(item.caption, item.image.alt) ? "" : undefined}
              />
              {item.caption ? <figcaption className={styles.caption}>{item.caption}</figcaption> : null}
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
