import type { Content } from "@prismicio/client";
import type { SliceComponentProps } from "@prismicio/react";

export type QuoteProps = SliceComponentProps<Content.QuoteSlice>;

export default function Quote({ slice }: QuoteProps) {
  const { quote, author, role } = slice.primary;
  return (
    <figure className="slice quote" data-slice-type={slice.slice_type}>
      <blockquote>
        <p>{quote}</p>
      </blockquote>
      {author ? <figcaption>{[author, role].filter(Boolean).join(", ")}</figcaption> : null}
    </figure>
  );
}
