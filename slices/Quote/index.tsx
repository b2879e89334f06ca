import type { Content } from "@prismicio/client";
import type { SliceComponentProps } from "@prismicio/react";

import styles from "../body-slices.module.css";

export type QuoteProps = SliceComponentProps<Content.QuoteSlice>;

export default function Quote({ slice }: QuoteProps) {
  const { quote, author, role } = slice.primary;
  return (
    <figure className={`${styles.block} ${styles.quote}`} data-slice-type={slice.slice_type}>
      <blockquote>
        <p>{quote}</p>
      </blockquote>
      {author ? (
        <figcaption>
          {author}
          {role ? <span>, {role}</span> : null}
        </figcaption>
      ) : null}
    </figure>
  );
}
