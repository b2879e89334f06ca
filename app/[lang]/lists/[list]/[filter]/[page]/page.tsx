import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { PageFrame } from "@/features/navigation";
import { WorksList } from "@/features/works";
import { readPageContent, readPageMetadata } from "@/app/[lang]/page-content";
import { documentAlternates } from "@/lib/content/alternates";
import { langParam } from "@/lib/content/page-params";
import {
  getCategoryCounts,
  getPage,
  getProjectsPage,
  getSettings,
  getTranslations,
  getWorkCount,
} from "@/lib/content/queries";
import { categoryLabel } from "@/lib/i18n/default-translations";
import { isLang, LANGS, type Lang } from "@/lib/i18n/locales";
import { listPublicPath, UNFILTERED, type ListView } from "@/lib/routing/resolve-path";
import { isListType, LIST_TYPES, listStatus } from "@/lib/site/page-types";
import { categoryOfSlug } from "@/lib/site/work-categories";
import { singlePageMetadata } from "@/lib/seo/single-type-metadata";

/**
 * The works lists (all, completed, in production), one page of works at a time, whole or narrowed
 * to a category. Reached only through the request router: /works?category=film&page=2 is
 * /<lang>/lists/works_page/film/2 here (/works is …/works_page/all/1). The first page of each whole
 * list is prerendered; filters and later pages render on their first request, then are cached.
 */
export function generateStaticParams({ params }: { params: { lang: string } }) {
  if (!isLang(params.lang)) return [];
  return LIST_TYPES.map((list) => ({ list, filter: UNFILTERED, page: "1" }));
}

type Params = PageProps<"/[lang]/lists/[list]/[filter]/[page]">["params"];

async function route(params: Params): Promise<{ lang: Lang; view: ListView }> {
  const [lang, { list, filter, page }] = await Promise.all([langParam(params), params]);
  const category = filter === UNFILTERED ? null : categoryOfSlug(filter);
  if (!isListType(list) || category === undefined || !/^[1-9]\d*$/.test(page)) notFound();
  return { lang, view: { type: list, category, page: Number(page) } };
}

/** How many works of the view's category each language's list holds (nothing to ask unfiltered). */
async function categoryCounts(view: ListView): Promise<Partial<Record<Lang, number>>> {
  const { category } = view;
  if (!category) return {};
  const status = listStatus(view.type);
  const counts = await Promise.all(LANGS.map((lang) => getWorkCount(lang, status, category)));
  return Object.fromEntries(LANGS.map((lang, index) => [lang, counts[index]]));
}

/**
 * A list page's URL in each language of its document: the same filter and page, or that language's
 * whole list where none of its works is of the category (the switch never leads to a 404).
 */
function pageAlternates(
  alternates: Partial<Record<Lang, string>>,
  view: ListView,
  counts: Partial<Record<Lang, number>>,
) {
  return Object.fromEntries(
    LANGS.filter((lang) => alternates[lang]).map((lang) => [
      lang,
      listPublicPath(lang, counts[lang] === 0 ? { type: view.type, category: null, page: 1 } : view),
    ]),
  ) as Partial<Record<Lang, string>>;
}

export async function generateMetadata({
  params,
}: PageProps<"/[lang]/lists/[list]/[filter]/[page]">): Promise<Metadata> {
  const { lang, view } = await route(params);
  const t = await getTranslations(lang);
  const suffix = [
    view.category ? ` · ${categoryLabel(view.category, t)}` : "",
    view.page > 1 ? ` (${t["works.page"]} ${view.page})` : "",
  ].join("");
  return readPageMetadata(lang, async () => {
    const counts = await categoryCounts(view);
    return singlePageMetadata(view.type, lang, {
      titleSuffix: suffix || undefined,
      alternates: (alternates) => pageAlternates(alternates, view, counts),
      // A category's pages are the list's works again, narrowed: search engines get the whole lists
      // (and each work) once, not 48 more lists of the same cards (docs/architecture.md, "Lists").
      noindex: view.category !== null,
    });
  });
}

export default async function WorksListPage({ params }: PageProps<"/[lang]/lists/[list]/[filter]/[page]">) {
  const { lang, view } = await route(params);
  const status = listStatus(view.type);
  const content = await readPageContent(lang, () =>
    Promise.all([
      getPage(view.type, lang),
      getProjectsPage(lang, status, view.category, view.page),
      getCategoryCounts(lang, status),
      categoryCounts(view),
      getSettings(lang),
      getTranslations(lang),
    ]),
  );
  if (!content.ok) return content.page;
  const [document, works, counts, languageCounts, settings, t] = content.value;
  const emptyFilter = view.category !== null && works.total_results_size === 0;
  if (!document || emptyFilter || (view.page > 1 && view.page > works.total_pages)) notFound();
  return (
    <PageFrame
      lang={lang}
      t={t}
      settings={settings}
      alternates={pageAlternates(documentAlternates(document), view, languageCounts)}
    >
      <WorksList
        page={document}
        projects={works.results}
        t={t}
        filter={{
          current: view.category,
          page: view.page,
          total: counts.total,
          counts: counts.categories,
          href: (category) => listPublicPath(lang, { ...view, category, page: 1 }),
        }}
        pagination={{
          page: view.page,
          totalPages: works.total_pages,
          href: (page) => listPublicPath(lang, { ...view, page }),
        }}
      />
    </PageFrame>
  );
}
