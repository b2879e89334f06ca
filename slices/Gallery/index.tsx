import type { Content } from "@prismicio/client";
import type { SliceComponentProps } from "@prismicio/react";

import { ContentImage } from "@/components/content-image/content-image";

export type GalleryProps = SliceComponentProps<Content.GallerySlice>;

export default function Gallery({ slice }: GalleryProps) {
  return (
    <section className="slice gallery" data-slice-type={slice.slice_type}>
      <ul className="gallery__grid">
        {slice.primary.images.map((item, index) => (
          <li key={index}>
            <figure>
              <ContentImage field={item.image} sizes="(min-width: 900px) 50vw, 100vw" />
              {item.caption ? <figcaption>{item.caption}</figcaption> : null}
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
