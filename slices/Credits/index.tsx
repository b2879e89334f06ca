import type { Content } from "@prismicio/client";
import { PrismicRichText, type SliceComponentProps } from "@prismicio/react";

export type CreditsProps = SliceComponentProps<Content.CreditsSlice>;

export default function Credits({ slice }: CreditsProps) {
  const { heading, credits } = slice.primary;
  return (
    <section className="slice credits" data-slice-type={slice.slice_type}>
      <PrismicRichText field={heading} />
      <dl>
        {credits.map((credit, index) => (
          <div key={index}>
            <dt>{credit.role}</dt>
            <dd>{credit.names}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
