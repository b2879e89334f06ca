import type { Content } from "@prismicio/client";
import { PrismicRichText, type SliceComponentProps } from "@prismicio/react";

import { CreditsList } from "@/components/credits-list/credits-list";

export type CreditsProps = SliceComponentProps<Content.CreditsSlice>;

export default function Credits({ slice }: CreditsProps) {
  return (
    <div data-slice-type={slice.slice_type}>
      <CreditsList
        heading={<PrismicRichText field={slice.primary.heading} />}
        credits={slice.primary.credits}
      />
    </div>
  );
}
