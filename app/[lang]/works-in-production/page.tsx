import { langParam } from "@/lib/content/page-params";
import { WorksListPage } from "@/components/works-list/works-list-page";
import { singlePageMetadata } from "@/lib/seo/single-page-metadata";

export async function generateMetadata({ params }: PageProps<"/[lang]/works-in-production">) {
  return singlePageMetadata("works_in_production_page", await langParam(params));
}

export default async function WorksInProductionPage({ params }: PageProps<"/[lang]/works-in-production">) {
  return (
    <WorksListPage type="works_in_production_page" lang={await langParam(params)} status="in production" />
  );
}
