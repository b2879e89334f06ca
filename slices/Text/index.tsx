import type { Content } from "@prismicio/client";
import type { SliceComponentProps } from "@prismicio/react";

import { RichText } from "@/features/rich-text";

import styles from "../body-slices.module.css";
import type { SliceContext } from "../slice-context";

export type TextProps = SliceComponentProps<Content.TextSlice, SliceContext>;

export default function Text({ slice, context }: TextProps) {
  return (
    <section className={`prose ${styles.text}`} data-slice-type={slice.slice_type}>
      <RichText field={slice.primary.content} t={context.t} />
    </section>
  );
}
