import { isFilled, type Content } from "@prismicio/client";
import { SiteLink } from "@/components/site-link/site-link";
import type { ReactNode } from "react";

import { ContentImage } from "@/components/content-image/content-image";
import { CreditsList } from "@/components/credits-list/credits-list";
import { FactList } from "@/components/fact-list/fact-list";
import { RichText } from "@/features/rich-text";
import { VideoPlayer, videoDrawVars } from "@/features/video";
import { statusLabel } from "./work-card";
import { faceWidth, type TextRun } from "@/lib/fonts/text-width";
import { categoryLabel, type Translations } from "@/lib/i18n/default-translations";
import { drawVars } from "@/components/layout/image-fit";

import styles from "./work-detail.module.css";

/** How the status pill's label is set (work-detail.module.css, .status). */
const STATUS_RUN: TextRun = { weight: 600, letterSpacing: 0.05, uppercase: true };

/** How the facts' labels and values are set (work-detail.module.css, .facts dt and dd). */
const FACT_RUNS = {
  label: { weight: 600, letterSpacing: 0.06, uppercase: true },
  value: { weight: 600 },
} satisfies Record<string, TextRun>;

interface Neighbours {
  previous: Content.ProjectDocument | null;
  next: Content.ProjectDocument | null;
}

/**
 * One work: cover, title and facts, teaser, summary, body, credits, previous
 * and next. The body is the work's slice zone, which the route composes (shared
 * UI never imports the slice library).
 */
export function WorkDetail({
  project,
  neighbours,
  t,
  body,
}: {
  project: Content.ProjectDocument;
  neighbours: Neighbours;
  t: Translations;
  body: ReactNode;
}) {
  const { data } = project;
  const teaser = isFilled.embed(data.teaser) ? data.teaser : null;
  const categories = data.categories.flatMap((item) =>
    item.category ? [categoryLabel(item.category, t)] : [],
  );
  const status = statusLabel(data.status, t);
  return (
    <article className={styles.work}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>
          {/* The status, then the categories on its line: the pill holds its label's width in
              the text face while a first visit's stand-ins show, so they do not move when it
              arrives (set as work-detail.module.css's .status says). */}
          <span data-status={data.status} className={styles.status} style={faceWidth(status, STATUS_RUN)}>
            {status}
          </span>
          {categories.length > 0 ? <span>{categories.join(" · ")}</span> : null}
        </p>
        <h1 className={styles.title}>{data.title}</h1>
        <FactList
          className={styles.facts}
          // Side by side on a line: set as work-detail.module.css's .facts dt and dd say.
          heldWidths={FACT_RUNS}
          facts={[
            { label: t["works.client"], value: data.client },
            { label: t["works.year"], value: data.year },
            { label: t["works.status"], value: status },
          ]}
        />
      </header>

      <div
        className={styles.cover}
        style={teaser ? videoDrawVars(teaser, data.cover) : drawVars(data.cover.dimensions)}
      >
        {teaser ? (
          <VideoPlayer field={teaser} poster={data.cover} title={teaser.title} t={t} sizes="100vw" preload />
        ) : (
          <ContentImage field={data.cover} sizes="100vw" preload className={styles.coverImage} />
        )}
      </div>

      <div className={styles.summary}>
        <RichText field={data.summary} t={t} />
      </div>

      {body}

      {data.credits.length > 0 ? (
        <CreditsList
          heading={<h2 id="work-credits">{t["works.credits"]}</h2>}
          labelledBy="work-credits"
          credits={data.credits.map((credit) => ({ role: credit.role, names: credit.name }))}
        />
      ) : null}

      <nav className={styles.neighbours} aria-label={t["works.all_works"]}>
        {neighbours.previous?.url ? (
          <SiteLink href={neighbours.previous.url} rel="prev" className={styles.neighbour}>
            <span className={styles.neighbourLabel}>{t["works.previous_work"]}</span>
            <span className={styles.neighbourTitle}>{neighbours.previous.data.title}</span>
          </SiteLink>
        ) : null}
        {neighbours.next?.url ? (
          <SiteLink href={neighbours.next.url} rel="next" className={`${styles.neighbour} ${styles.next}`}>
            <span className={styles.neighbourLabel}>{t["works.next_work"]}</span>
            <span className={styles.neighbourTitle}>{neighbours.next.data.title}</span>
          </SiteLink>
        ) : null}
      </nav>
    </article>
  );
}
