import type { Metadata } from "next";

import { PageFrame } from "@/features/navigation";
import { NotFoundView } from "@/components/status-view/not-found-view";
import { langParam } from "@/lib/content/page-params";
import { getSettings, getTranslations } from "@/lib/content/queries";

/**
 * The 404 page, in the page's language, with the site's header and footer. The
 * request router rewrites every 404 here with status 404 (unknown paths, works and
 * list pages, malformed uids, /not-found itself where broken links go).
 */
export async function generateMetadata({ params }: PageProps<"/[lang]/not-found">): Promise<Metadata> {
  const t = await getTranslations(await langParam(params));
  return { title: t["errors.not_found_title"], robots: { index: false, follow: true } };
}

export default async function NotFoundPage({ params }: PageProps<"/[lang]/not-found">) {
  const lang = await langParam(params);
  const [settings, t] = await Promise.all([getSettings(lang), getTranslations(lang)]);
  return (
    <PageFrame lang={lang} t={t} settings={settings} alternates={{}}>
      <NotFoundView lang={lang} t={t} />
    </PageFrame>
  );
}
