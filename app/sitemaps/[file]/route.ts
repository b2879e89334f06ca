import { sitemapEntries } from "@/lib/seo/sitemap-entries";
import { MAX_SITEMAP_URLS, urlsetXml, xmlResponse } from "@/lib/seo/sitemap-xml";

/** One part of a sitemap split past 50,000 URLs (/sitemaps/1.xml, ...), listed by /sitemap.xml. */
export const revalidate = 60;

export async function GET(_request: Request, { params }: RouteContext<"/sitemaps/[file]">) {
  const match = /^([1-9]\d{0,4})\.xml$/.exec((await params).file);
  const entries = match ? await sitemapEntries() : [];
  const part = match ? Number(match[1]) : 0;
  const slice = entries.slice((part - 1) * MAX_SITEMAP_URLS, part * MAX_SITEMAP_URLS);
  if (entries.length <= MAX_SITEMAP_URLS || slice.length === 0) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  }
  return xmlResponse(urlsetXml(slice));
}
