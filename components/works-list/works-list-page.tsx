import { notFound } from "next/navigation";

import { PageFrame } from "@/components/page-frame/page-frame";
import { WorksList } from "./works-list";
import type { Lang } from "@/lib/i18n/locales";

import { documentAlternates } from "@/lib/content/alternates";
import { getPage, getProjects, getTranslations, type ProjectStatus } from "@/lib/content/queries";

/** The three works lists (all, completed, in production) share this page and metadata. */
type ListType = "works_page" | "works_completed_page" | "works_in_production_page";

export async function WorksListPage({
  type,
  lang,
  status,
}: {
  type: ListType;
  lang: Lang;
  status?: ProjectStatus;
}) {
  const [page, projects, t] = await Promise.all([
    getPage(type, lang),
    getProjects(lang, status),
    getTranslations(lang),
  ]);
  if (!page) notFound();
  return (
    <PageFrame lang={lang} alternates={documentAlternates(page)}>
      <WorksList page={page} projects={projects} t={t} />
    </PageFrame>
  );
}
