import type { Content } from "@prismicio/client";
import type { SliceComponentProps } from "@prismicio/react";

import { RichText } from "@/components/rich-text/rich-text";

export type TextProps = SliceComponentProps<Content.TextSlice>;

export default function Text({ slice }: TextProps) {
  return (
    <section
      className="prose"
      data-slice-type={slice.slice_type}
      style={{ paddingBottom: 0, paddingTop: "3rem" }}
    >
      <RichText field={slice.primary.content} />
    </section>
  );
}
