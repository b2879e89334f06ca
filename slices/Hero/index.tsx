import { isFilled, type Content } from "@prismicio/client";
import { PrismicNextLink } from "@prismicio/next";
import type { SliceComponentProps } from "@prismicio/react";

import { ContentImage } from "@/components/content-image/content-image";
import { RichText } from "@/components/rich-text/rich-text";
import { VideoPlayer } from "@/components/video-player/video-player";
import { RichHeading } from "@/components/rich-heading/rich-heading";

import type { SliceContext } from "../slice-context";
import styles from "./hero.module.css";

export type HeroProps = SliceComponentProps<Content.HeroSlice, SliceContext>;

/** The opening statement over full-bleed artwork, then the reel. */
export default function Hero({ slice, context }: HeroProps) {
  const { heading, tagline, background, reel, cta_label, cta_link } = slice.primary;
  return (
    <section className={styles.hero} data-slice-type={slice.slice_type}>
      <div className={styles.stage}>
        <ContentImage field={background} sizes="100vw" className={styles.background} alt="" priority />
        <div className={styles.content}>
          <RichHeading field={heading} level={1} className={styles.heading} />
          <div className={styles.tagline}>
            <RichText field={tagline} t={context.t} />
          </div>
          {cta_label && isFilled.link(cta_link) ? (
            <PrismicNextLink field={cta_link} className={styles.cta}>
              {cta_label}
              <span aria-hidden="true"> →</span>
            </PrismicNextLink>
          ) : null}
        </div>
      </div>
      {isFilled.embed(reel) ? (
        <div className={styles.reel}>
          <VideoPlayer
            field={reel}
            poster={background}
            title={reel.title}
            t={context.t}
            sizes="(min-width: 1200px) 80vw, 100vw"
          />
        </div>
      ) : null}
    </section>
  );
}
