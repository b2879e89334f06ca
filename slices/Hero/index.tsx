import type { Content } from "@prismicio/client";
import { PrismicNextLink } from "@prismicio/next";
import { PrismicRichText, type SliceComponentProps } from "@prismicio/react";

import { ContentImage } from "@/components/content-image/content-image";
import { RichText } from "@/components/rich-text/rich-text";

export type HeroProps = SliceComponentProps<Content.HeroSlice>;

export default function Hero({ slice }: HeroProps) {
  const { heading, tagline, background, cta_label, cta_link } = slice.primary;
  return (
    <section className="slice hero" data-slice-type={slice.slice_type}>
      <ContentImage field={background} sizes="100vw" className="hero__background" alt="" priority />
      <div className="hero__content">
        <PrismicRichText field={heading} />
        <RichText field={tagline} />
        {cta_label ? (
          <PrismicNextLink field={cta_link} className="button">
            {cta_label}
          </PrismicNextLink>
        ) : null}
      </div>
    </section>
  );
}
