import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { JsonLd } from "@/components/json-ld/json-ld";
import { PageFrame } from "@/components/page-frame/page-frame";
import { WorkDetail } from "@/components/work-detail/work-detail";
import { WorksListPage } from "@/components/works-list/works-list-page";
import { documentAlternates } from "@/lib/content/alternates";
import { langParam } from "@/lib/content/page-params";
import { getNeighbours, getProject, getProjects, getSettings, getTranslations } from "@/lib/content/queries";
import { isValidUid } from "@/lib/content/uid";
import { isLang } from "@/lib/i18n/locales";
import { creativeWorkJsonLd } from "@/lib/seo/json-ld";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { singlePageMetadata } from "@/lib/seo/single-page-metadata";

/**
 * /works (the list) and /works/<uid> (one work). The validate step (SPEC 5):
 * more than one segment or a malformed uid is a 404 without asking the API.
 * Works known at build time are prerendered; later ones render on demand.
 */
export async function generateStaticParams({ params }: { params: { lang: string } }) {
  if (!isLang(params.lang)) return [];
  const projects = await getProjects(params.lang);
  return [{ slug: [] }, ...projects.flatMap((project) => (project.uid ? [{ slug: [project.uid] }] : []))];
}

type Params = PageProps<"/[lang]/works/[[...slug]]">["params"];

async function route(params: Params) {
  const [lang, { slug = [] }] = await Promise.all([langParam(params), params]);
  if (slug.length > 1 || (slug.length === 1 && !isValidUid(slug[0]))) notFound();
  return { lang, uid: slug[0] as string | undefined };
}

export async function generateMetadata({
  params,
}: PageProps<"/[lang]/works/[[...slug]]">): Promise<Metadata> {
  const { lang, uid } = await route(params);
  if (!uid) return singlePageMetadata("works_page", lang);
  const project = await getProject(uid, lang);
  if (!project) return {};
  return pageMetadata({
    lang,
    title: project.data.title,
    socialTitle: project.data.meta_title,
    description: project.data.meta_description,
    image: project.data.meta_image,
    fallbackImage: project.data.cover,
    alternates: documentAlternates(project),
    type: "article",
  });
}

export default async function WorksPage({ params }: PageProps<"/[lang]/works/[[...slug]]">) {
  const { lang, uid } = await route(params);
  if (!uid) return <WorksListPage type="works_page" lang={lang} />;
  const project = await getProject(uid, lang);
  if (!project) notFound();
  const [neighbours, settings, t] = await Promise.all([
    getNeighbours(project, lang),
    getSettings(lang),
    getTranslations(lang),
  ]);
  return (
    <PageFrame lang={lang} alternates={documentAlternates(project)}>
      <JsonLd data={creativeWorkJsonLd(project, settings)} />
      <WorkDetail project={project} neighbours={neighbours} t={t} lang={lang} />
    </PageFrame>
  );
}
