import type { Content } from "@prismicio/client";
import type { ComponentProps } from "react";

import { BalancedList } from "@/components/balanced-list/balanced-list";
import { InView } from "@/components/in-view/in-view";
import { PageIntro } from "@/components/page-intro/page-intro";
import { Pagination } from "@/components/pagination/pagination";
import { RichText } from "@/features/rich-text";
import type { Translations } from "@/lib/i18n/default-translations";
import { WORK_CARD_COLUMNS, balancedSizes, firstRowScreens } from "@/components/layout/balanced-columns";

import { WorkCard } from "./work-card";
import { WorksFilter } from "./works-filter";

import styles from "./works-list.module.css";

type ListPage =
  Content.WorksPageDocument | Content.WorksCompletedPageDocument | Content.WorksInProductionPageDocument;

/**
 * A works list page: its title and intro, its filter by category, a grid of cards (or a friendly
 * empty state), its pages.
 */
export function WorksList({
  page,
  projects,
  t,
  filter,
  pagination,
}: {
  page: ListPage;
  projects: Content.ProjectDocument[];
  t: Translations;
  filter: Omit<ComponentProps<typeof WorksFilter>, "t">;
  pagination: { page: number; totalPages: number; href: (page: number) => string };
}) {
  const { href, totalPages } = pagination;
  const sizes = balancedSizes(projects.length, WORK_CARD_COLUMNS);
  return (
    <>
      <PageIntro
        title={page.data.title}
        intro={page.data.intro && <RichText field={page.data.intro} t={t} />}
      />
      <WorksFilter {...filter} t={t} />
      {projects.length > 0 ? (
        <BalancedList limits={WORK_CARD_COLUMNS} className={styles.grid}>
          {projects.map((project, index) => (
            <InView as="li" key={project.id}>
              <WorkCard
                href={project.url ?? "#"}
                data={project.data}
                t={t}
                preload={firstRowScreens(index, projects.length, WORK_CARD_COLUMNS)}
                sizes={sizes}
              />
            </InView>
          ))}
        </BalancedList>
      ) : (
        <p className={styles.empty}>{t["works.empty_list"]}</p>
      )}
      {/* Search engines read the sequence from the head; React 19 hoists these links there. */}
      {pagination.page > 1 ? <link rel="prev" href={href(pagination.page - 1)} /> : null}
      {pagination.page < totalPages ? <link rel="next" href={href(pagination.page + 1)} /> : null}
      <Pagination page={pagination.page} totalPages={totalPages} href={href} t={t} />
    </>
  );
}
