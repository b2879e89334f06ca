import type { EmbedField } from "@prismicio/client";

import { frameRatio } from "@/components/layout/image-fit";

import { playerSource, watchPage } from "./player-source";

/**
 * What a player island needs of an oEmbed field, worked out on the server. The island's props are
 * serialised into the page's payload, so they carry only this: never the embed's HTML, its
 * thumbnails or the provider's other fields, nor the code that reads them.
 */
export interface VideoSource {
  /** The player to load once the visitor asks (https), or absent: then only a link to `watch`. */
  player?: string;
  /** The provider's page for the video (https), for the "watch on …" link. */
  watch?: string;
  /** The provider's name ("Vimeo"), or the watch page's host. */
  provider: string;
  /** The embed's own title ("" when it has none). */
  title: string;
  /** "width / height" of the player, when the embed gives both. */
  aspect?: string;
}

/** The facts of an embed for its player island; null when the field is empty. */
export function videoSource(field: EmbedField | null | undefined): VideoSource | null {
  // isFilled.embed's test.
  if (!field?.embed_url) return null;
  const watch = watchPage(field.embed_url);
  const source: VideoSource = {
    provider: field.provider_name ?? watch?.hostname.replace(/^www\./, "") ?? "",
    title: field.title ?? "",
  };
  const player = playerSource(field.html);
  if (player) source.player = player;
  if (watch) source.watch = watch.href;
  if (frameRatio(field.width, field.height)) source.aspect = `${field.width} / ${field.height}`;
  return source;
}
