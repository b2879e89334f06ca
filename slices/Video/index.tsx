import { isFilled, type Content } from "@prismicio/client";
import type { SliceComponentProps } from "@prismicio/react";

import { ContentImage } from "@/components/content-image/content-image";

export type VideoProps = SliceComponentProps<Content.VideoSlice>;

/** The poster and a link to the player; the site issue turns this into a click-to-load facade. */
export default function Video({ slice }: VideoProps) {
  const { video, poster, caption } = slice.primary;
  return (
    <figure className="slice video" data-slice-type={slice.slice_type}>
      <ContentImage field={poster} sizes="(min-width: 900px) 70vw, 100vw" />
      {isFilled.embed(video) && video.embed_url ? (
        <a href={video.embed_url} target="_blank" rel="noopener noreferrer">
          {video.title ?? caption ?? video.embed_url}
        </a>
      ) : null}
      {caption ? <figcaption>{caption}</figcaption> : null}
    </figure>
  );
}
