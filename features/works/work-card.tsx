import { isFilled, type Content } from "@prismicio/client";
import { SiteLink } from "@/components/site-link/site-link";

import { ContentImage } from "@/components/content-image/content-image";
import { FactList } from "@/components/fact-list/fact-list";
import { HoverTeaser } from "@/features/video";
import { categoryLabel, type Translations } from "@/lib/i18n/default-translations";

import styles from "./work-card.module.css";

export type WorkCardData = Pick<
  Content.ProjectDocumentData,
  "title" | "client" | "year" | "status" | "categories" | "cover" | "teaser_loop"
>;

export function statusLabel(status: string | null | undefined, t: Translations): string {
  return status === "in production" ? t["works.status_in_production"] : t["works.status_completed"];
}

/** One work in a grid: cover, title, client, year, status, categories. */
export function WorkCard({
  href,
  data,
  t,
  headingLevel = 2,
  preload = false,
  sizes,
}: {
  href: string;
  data: WorkCardData;
  t: Translations;
  headingLevel?: 2 | 3;
  /** The page's largest paint, on every screen or on those a media query describes (ContentImage). */
  preload?: boolean | string;
  /** The cover's `sizes`: the card's width in its list. */
  sizes: string;
}) {
  const Heading = `h${headingLevel}` as const;
  const categories = (data.categories ?? []).flatMap((item) =>
    item.category ? [categoryLabel(item.category, t)] : [],
  );
  return (
    <article className={styles.card}>
      <SiteLink href={href} className={styles.link}>
        <div className={styles.media}>
          {isFilled.image(data.cover) ? (
            <ContentImage
              field={data.cover}
              alt=""
              sizes={sizes}
              className={styles.image}
              preload={preload}
            />
          ) : null}
          {isFilled.linkToMedia(data.teaser_loop) ? <HoverTeaser src={data.teaser_loop.url} /> : null}
          <span className={styles.status} data-status={data.status}>
            {statusLabel(data.status, t)}
          </span>
        </div>
        <Heading className={styles.title}>{data.title}</Heading>
      </SiteLink>
      <FactList
        className={styles.meta}
        hideLabels
        facts={[
          { label: t["works.client"], value: data.client },
          { label: t["works.year"], value: data.year },
          { label: t["works.category"], value: categories.join(", ") },
        ]}
      />
    </article>
  );
}
