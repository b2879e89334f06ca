import type { Content } from "@prismicio/client";
import type { SliceComponentProps } from "@prismicio/react";

import { RichText } from "@/components/rich-text/rich-text";

export type TextProps = SliceComponentProps<Content.TextSlice>;

export default function Text({ slice }: TextProps) {
  return (
    <section className="slice text" data-slice-type={slice.slice_type}>
      <RichText field={slice.primary.content} />
    </section>
  );
}
