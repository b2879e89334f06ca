import type { Content } from "@prismicio/client";
import type { SliceComponentProps } from "@prismicio/react";

import { CreditsList } from "@/components/credits-list/credits-list";
import { RichHeading } from "@/components/rich-heading/rich-heading";

export type CreditsProps = SliceComponentProps<Content.CreditsSlice>;

export default function Credits({ slice }: CreditsProps) {
  return (
    <div data-slice-type={slice.slice_type}>
      <CreditsList
        heading={<RichHeading field={slice.primary.heading} level={2} />}
        credits={slice.primary.credits}
      />
    </div>
  );
}
