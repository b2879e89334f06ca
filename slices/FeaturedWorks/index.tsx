import { isFilled, type Content } from "@prismicio/client";
import { ContentLink } from "@/components/content-link/content-link";
import type { SliceComponentProps } from "@prismicio/react";

import { BalancedList } from "@/components/balanced-list/balanced-list";
import { InView } from "@/components/in-view/in-view";
import { WorkCard, type WorkCardData } from "@/features/works";
import { RichHeading } from "@/components/rich-heading/rich-heading";
import { WORK_CARD_COLUMNS, balancedSizes } from "@/components/layout/balanced-columns";

import type { SliceContext } from "../slice-context";
import styles from "./featured-works.module.css";

export type FeaturedWorksProps = SliceComponentProps<Content.FeaturedWorksSlice, SliceContext>;

/** Selected works as cards; their fields come with the page query (fetchLinks). */
export default function FeaturedWorks({ slice, context }: FeaturedWorksProps) {
  const { heading, works, link, link_label } = slice.primary;
  const cards = works.flatMap(({ work }) => {
    const data = (work as { data?: WorkCardData }).data;
    return isFilled.contentRelationship(work) && work.url && data
      ? [{ id: work.id, href: work.url, data }]
      : [];
  });
  const sizes = balancedSizes(cards.length, WORK_CARD_COLUMNS);
  return (
    <section className={styles.section} data-slice-type={slice.slice_type} data-band="plain">
      <div className={styles.head}>
        <RichHeading field={heading} level={2} className={styles.heading} />
        {link_label && isFilled.link(link) ? (
          <ContentLink field={link} className={styles.all}>
            {link_label}
          </ContentLink>
        ) : null}
      </div>
      <BalancedList limits={WORK_CARD_COLUMNS} className={styles.grid}>
        {cards.map((card) => (
          <InView as="li" key={card.id}>
            <WorkCard href={card.href} data={card.data} t={context.t} headingLevel={3} sizes={sizes} />
          </InView>
        ))}
      </BalancedList>
    </section>
  );
}
