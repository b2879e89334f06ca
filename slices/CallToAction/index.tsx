import type { Content } from "@prismicio/client";
import { PrismicNextLink } from "@prismicio/next";
import { PrismicRichText, type SliceComponentProps } from "@prismicio/react";

import { RichText } from "@/components/rich-text/rich-text";

export type CallToActionProps = SliceComponentProps<Content.CallToActionSlice>;

export default function CallToAction({ slice }: CallToActionProps) {
  const { heading, body, button_label, button_link } = slice.primary;
  return (
    <section className="slice call-to-action" data-slice-type={slice.slice_type}>
      <PrismicRichText field={heading} />
      <RichText field={body} />
      {button_label ? (
        <PrismicNextLink field={button_link} className="button">
          {button_label}
        </PrismicNextLink>
      ) : null}
    </section>
  );
}
