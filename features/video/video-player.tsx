import { isFilled, type EmbedField, type ImageField } from "@prismicio/client";

import { ContentImage } from "@/components/content-image/content-image";
import { ConsentVideo } from "./consent-video";
import { videoSource } from "./video-source";
import type { Translations } from "@/lib/i18n/default-translations";
import { DEFAULT_FRAME, drawVars, frameRatio } from "@/components/layout/image-fit";

/** drawVars for a player's frame: its poster, cropped to the embed's shape. */
export function videoDrawVars(field: EmbedField, poster?: ImageField | null): Record<string, string> {
  const frame = frameRatio(field.width, field.height) ?? DEFAULT_FRAME;
  return isFilled.image(poster) ? drawVars(poster.dimensions, frame) : {};
}

/** A video embed as a consent-gated facade with the site's poster and translated labels. */
export function VideoPlayer({
  field,
  poster,
  title,
  t,
  sizes = "(min-width: 1200px) 72rem, 100vw",
  preload,
}: {
  field: EmbedField;
  poster?: ImageField | null;
  title?: string | null;
  t: Translations;
  sizes?: string;
  /** The page's largest paint: fetched eagerly, announced in the head. */
  preload?: boolean;
}) {
  const video = videoSource(field);
  if (!video) return null;
  const name = title || video.title;
  return (
    <ConsentVideo
      video={video}
      title={name}
      playLabel={name ? `${t["works.play_video"]} — ${name}` : t["works.play_video"]}
      watchLabel={`${t["works.watch_on"]} ${video.provider}`.trim()}
      blockedLabel={t["consent.video_blocked"]}
      allowLabel={t["consent.video_allow"]}
      dismissLabel={t["consent.close"]}
      poster={
        isFilled.image(poster) ? (
          <ContentImage field={poster} alt="" sizes={sizes} preload={preload} />
        ) : undefined
      }
    />
  );
}
