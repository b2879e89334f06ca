import type { Content } from "@prismicio/client";
import { PrismicRichText, type SliceComponentProps } from "@prismicio/react";

import { ContentImage } from "@/components/content-image/content-image";
import { RichText } from "@/components/rich-text/rich-text";

export type PresentationProps = SliceComponentProps<Content.PresentationSlice>;

export default function Presentation({ slice }: PresentationProps) {
  const { eyebrow, heading, body, image } = slice.primary;
  return (
    <section className="slice presentation" data-slice-type={slice.slice_type}>
      <div>
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <PrismicRichText field={heading} />
        <RichText field={body} />
      </div>
      <ContentImage field={image} sizes="(min-width: 900px) 40vw, 100vw" />
    </section>
  );
}
