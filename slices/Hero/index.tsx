import { isFilled, type Content } from "@prismicio/client";
import { ContentLink } from "@/components/content-link/content-link";
import type { SliceComponentProps } from "@prismicio/react";

import { ContentImage } from "@/components/content-image/content-image";
import { RichText } from "@/features/rich-text";
import { VideoPlayer } from "@/features/video";
import { RichHeading } from "@/components/rich-heading/rich-heading";
import { coverSizes } from "@/components/layout/image-fit";

import type { SliceContext } from "../slice-context";
import styles from "./hero.module.css";

export type HeroProps = SliceComponentProps<Content.HeroSlice, SliceContext>;

/** The stage's height in viewport heights (hero.module.css): the artwork is cropped to fill it. */
const STAGE_HEIGHT_VH = 92;

/**
 * Screens that draw the artwork from its portrait "phone" view: portrait ones, where the landscape
 * original would be cropped to a sliver of its width yet fetched whole (a phone asked for the
 * 2400 px file to fill a 412 px screen).
 */
const PHONE_MEDIA = "(max-aspect-ratio: 3/4)";

/** The opening statement over full-bleed artwork, then the reel with its own poster. */
export default function Hero({ slice, index, context }: HeroProps) {
  const { heading, tagline, background, reel, reel_poster, cta_label, cta_link } = slice.primary;
  return (
    <section className={styles.hero} data-slice-type={slice.slice_type}>
      <div className={styles.stage}>
        <ContentImage
          field={background}
          sizes={coverSizes(background.dimensions, STAGE_HEIGHT_VH)}
          className={styles.background}
          alt=""
          preload={index === 0}
          views={[
            {
              image: background.phone,
              media: PHONE_MEDIA,
              sizes: coverSizes(background.phone?.dimensions, STAGE_HEIGHT_VH),
            },
          ]}
        />
        <div className={styles.content}>
          <RichHeading field={heading} level={1} className={styles.heading} />
          <div className={styles.tagline}>
            <RichText field={tagline} t={context.t} />
          </div>
          {cta_label && isFilled.link(cta_link) ? (
            <ContentLink field={cta_link} className={styles.cta}>
              {cta_label}
              <span aria-hidden="true"> →</span>
            </ContentLink>
          ) : null}
        </div>
      </div>
      {isFilled.embed(reel) ? (
        <div className={styles.reel}>
          <VideoPlayer
            field={reel}
            poster={reel_poster}
            title={reel.title}
            t={context.t}
            sizes="(min-width: 1200px) 80vw, 100vw"
          />
        </div>
      ) : null}
    </section>
  );
}
