import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { PageFrame } from "@/components/page-frame/page-frame";
import { WorksList } from "@/components/works-list/works-list";
import { readPageContent, readPageMetadata } from "@/app/[lang]/page-content";
import { documentAlternates } from "@/lib/content/alternates";
import { langParam } from "@/lib/content/page-params";
import { getPage, getProjectsPage, getSettings, getTranslations } from "@/lib/content/queries";
import { isLang, LANGS, type Lang } from "@/lib/i18n/locales";
import { listPublicPath } from "@/lib/routing/resolve-path";
import { isListType, LIST_TYPES, listStatus, type ListType } from "@/lib/site/page-types";
import { singlePageMetadata } from "@/lib/seo/single-type-metadata";

/**
 * The works lists (all, completed, in production), one page of works at a time.
 * Reached only through the request router: /works?page=2 is /<lang>/lists/works_page/2
 * here. The first page of each list is prerendered; later pages render on demand.
 */
export function generateStaticParams({ params }: { params: { lang: string } }) {
  if (!isLang(params.lang)) return [];
  return LIST_TYPES.map((list) => ({ list, page: "1" }));
}

type Params = PageProps<"/[lang]/lists/[list]/[page]">["params"];

async function route(params: Params): Promise<{ lang: Lang; type: ListType; page: number }> {
  const [lang, { list, page }] = await Promise.all([langParam(params), params]);
  if (!isListType(list) || !/^[1-9]\d*$/.test(page)) notFound();
  return { lang, type: list, page: Number(page) };
}

/** A list page's URL in each language of its document. */
function pageAlternates(alternates: Partial<Record<Lang, string>>, type: ListType, page: number) {
  return Object.fromEntries(
    LANGS.filter((lang) => alternates[lang]).map((lang) => [lang, listPublicPath(lang, type, page)]),
  ) as Partial<Record<Lang, string>>;
}

export async function generateMetadata({
  params,
}: PageProps<"/[lang]/lists/[list]/[page]">): Promise<Metadata> {
  const { lang, type, page } = await route(params);
  const t = await getTranslations(lang);
  return readPageMetadata(lang, () =>
    singlePageMetadata(type, lang, {
      titleSuffix: page > 1 ? ` (${t["works.page"]} ${page})` : undefined,
      alternates: (alternates) => pageAlternates(alternates, type, page),
    }),
  );
}

export default async function WorksListPage({ params }: PageProps<"/[lang]/lists/[list]/[page]">) {
  const { lang, type, page } = await route(params);
  const content = await readPageContent(lang, () =>
    Promise.all([
      getPage(type, lang),
      getProjectsPage(lang, listStatus(type), page),
      getSettings(lang),
      getTranslations(lang),
    ]),
  );
  if (!content.ok) return content.page;
  const [document, works, settings, t] = content.value;
  if (!document || (page > 1 && page > works.total_pages)) notFound();
  return (
    <PageFrame
      lang={lang}
      t={t}
      settings={settings}
      alternates={pageAlternates(documentAlternates(document), type, page)}
    >
      <WorksList
        page={document}
        projects={works.results}
        t={t}
        pagination={{ page, totalPages: works.total_pages, href: (n) => listPublicPath(lang, type, n) }}
      />
    </PageFrame>
  );
}
