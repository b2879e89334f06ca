import type { Content } from "@prismicio/client";
import { PrismicRichText, type SliceComponentProps } from "@prismicio/react";

import { ContentImage } from "@/components/content-image/content-image";

export type ClientsProps = SliceComponentProps<Content.ClientsSlice>;

export default function Clients({ slice }: ClientsProps) {
  const { heading, clients } = slice.primary;
  return (
    <section className="slice clients" data-slice-type={slice.slice_type}>
      <PrismicRichText field={heading} />
      <ul className="clients__list">
        {clients.map((client, index) => (
          <li key={`${client.name}-${index}`}>
            <ContentImage field={client.logo} sizes="200px" alt={client.name ?? ""} />
          </li>
        ))}
      </ul>
    </section>
  );
}
