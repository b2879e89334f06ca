import { langParam } from "@/lib/content/page-params";
import { WorksListPage } from "@/components/works-list/works-list-page";
import { singlePageMetadata } from "@/lib/seo/single-page-metadata";

export async function generateMetadata({ params }: PageProps<"/[lang]/works-completed">) {
  return singlePageMetadata("works_completed_page", await langParam(params));
}

export default async function WorksCompletedPage({ params }: PageProps<"/[lang]/works-completed">) {
  return <WorksListPage type="works_completed_page" lang={await langParam(params)} status="completed" />;
}
