import { isFilled, type Content, type ImageField } from "@prismicio/client";
import { PrismicNextLink } from "@prismicio/next";
import { PrismicRichText, type SliceComponentProps } from "@prismicio/react";

import { ContentImage } from "@/components/content-image/content-image";

export type FeaturedWorksProps = SliceComponentProps<Content.FeaturedWorksSlice>;

/** Fields the page fetches from each linked project (fetchLinks). */
export const featuredWorkFields = ["title", "client", "year", "cover"] as const;

interface FeaturedWorkData {
  title?: string | null;
  client?: string | null;
  year?: number | null;
  cover?: ImageField;
}

export default function FeaturedWorks({ slice }: FeaturedWorksProps) {
  const { heading, works, link, link_label } = slice.primary;
  return (
    <section className="slice featured-works" data-slice-type={slice.slice_type}>
      <PrismicRichText field={heading} />
      <ul className="works-grid">
        {works.map(({ work }, index) => {
          if (!isFilled.contentRelationship(work)) return null;
          const data = (work as { data?: FeaturedWorkData }).data ?? {};
          return (
            <li key={`${work.id}-${index}`}>
              <PrismicNextLink field={work}>
                <ContentImage field={data.cover} sizes="(min-width: 900px) 33vw, 100vw" alt="" />
                <span className="work-title">{data.title}</span>
                <span className="work-meta">{[data.client, data.year].filter(Boolean).join(" · ")}</span>
              </PrismicNextLink>
            </li>
          );
        })}
      </ul>
      {link_label && isFilled.link(link) ? (
        <PrismicNextLink field={link}>{link_label}</PrismicNextLink>
      ) : null}
    </section>
  );
}
