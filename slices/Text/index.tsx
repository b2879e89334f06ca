import type { Content } from "@prismicio/client";
import type { SliceComponentProps } from "@prismicio/react";

import { RichText } from "@/components/rich-text/rich-text";

import type { SliceContext } from "../slice-context";

export type TextProps = SliceComponentProps<Content.TextSlice, SliceContext>;

export default function Text({ slice, context }: TextProps) {
  return (
    <section
      className="prose"
      data-slice-type={slice.slice_type}
      style={{ paddingBottom: 0, paddingTop: "3rem" }}
    >
      <RichText field={slice.primary.content} t={context.t} />
    </section>
  );
}
