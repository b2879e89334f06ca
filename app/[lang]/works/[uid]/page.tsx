import { SliceZone } from "@prismicio/react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { JsonLd } from "@/components/json-ld/json-ld";
import { PageFrame } from "@/features/navigation";
import { WorkDetail } from "@/features/works";
import { readPageContent, readPageMetadata } from "@/app/[lang]/page-content";
import { documentAlternates } from "@/lib/content/alternates";
import { langParam } from "@/lib/content/page-params";
import {
  getNeighbours,
  getProject,
  getRecentProjectUids,
  getSettings,
  getTranslations,
} from "@/lib/content/queries";
import { isValidUid } from "@/lib/content/uid";
import { isLang } from "@/lib/i18n/locales";
import { prerenderedWorks } from "@/lib/site/build-settings";
import { creativeWorkJsonLd } from "@/lib/seo/json-ld";
import { pageMetadata } from "@/lib/seo/build-metadata";
import { components } from "@/slices";
import { sliceContext } from "@/slices/slice-context";

/**
 * /works/<uid>: one work. The request router (proxy.ts) has already checked the
 * uid and that the work exists; the most recent works are prerendered at build,
 * the others render on their first request and are then cached.
 */
export async function generateStaticParams({ params }: { params: { lang: string } }) {
  if (!isLang(params.lang)) return [];
  const uids = await getRecentProjectUids(params.lang, prerenderedWorks());
  return uids.map((uid) => ({ uid }));
}

type Params = PageProps<"/[lang]/works/[uid]">["params"];

async function route(params: Params) {
  const [lang, { uid }] = await Promise.all([langParam(params), params]);
  if (!isValidUid(uid)) notFound();
  return { lang, uid };
}

export async function generateMetadata({ params }: PageProps<"/[lang]/works/[uid]">): Promise<Metadata> {
  const { lang, uid } = await route(params);
  return readPageMetadata(lang, async () => {
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
  });
}

export default async function WorkPage({ params }: PageProps<"/[lang]/works/[uid]">) {
  const { lang, uid } = await route(params);
  const content = await readPageContent(lang, async () => {
    const project = await getProject(uid, lang);
    if (!project) return null;
    const [neighbours, settings, t] = await Promise.all([
      getNeighbours(project, lang),
      getSettings(lang),
      getTranslations(lang),
    ]);
    return { project, neighbours, settings, t };
  });
  if (!content.ok) return content.page;
  if (!content.value) notFound();
  const { project, neighbours, settings, t } = content.value;
  return (
    <PageFrame lang={lang} t={t} settings={settings} alternates={documentAlternates(project)}>
      <JsonLd data={creativeWorkJsonLd(project, settings)} />
      <WorkDetail
        project={project}
        neighbours={neighbours}
        t={t}
        body={
          <SliceZone slices={project.data.slices} components={components} context={sliceContext(lang, t)} />
        }
      />
    </PageFrame>
  );
}
