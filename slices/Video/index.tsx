import type { Content } from "@prismicio/client";
import type { SliceComponentProps } from "@prismicio/react";

import { VideoPlayer, videoDrawVars } from "@/features/video";

import styles from "../body-slices.module.css";
import type { SliceContext } from "../slice-context";

export type VideoProps = SliceComponentProps<Content.VideoSlice, SliceContext>;

/** A video as a click-to-load facade: no third-party player until the visitor asks for it. */
export default function Video({ slice, context }: VideoProps) {
  const { video, poster, caption } = slice.primary;
  return (
    <figure
      className={`${styles.block} ${styles.contained}`}
      data-slice-type={slice.slice_type}
      style={videoDrawVars(video, poster)}
    >
      <div className={styles.video}>
        <VideoPlayer field={video} poster={poster} title={video.title ?? caption} t={context.t} />
      </div>
      {caption ? <figcaption className={styles.caption}>{caption}</figcaption> : null}
    </figure>
  );
}
