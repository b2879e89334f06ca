import { sitemapEntries, sitemapPartCount } from "@/lib/seo/sitemap-entries";
import { MAX_SITEMAP_URLS, urlsetXml, xmlResponse } from "@/lib/seo/sitemap-xml";

/** One part of a sitemap split past 50,000 URLs (/sitemaps/1.xml, ...), listed by /sitemap.xml. */
export const revalidate = 60;

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });

export async function GET(_request: Request, { params }: RouteContext<"/sitemaps/[file]">) {
  const match = /^([1-9]\d{0,4})\.xml$/.exec((await params).file);
  if (!match) return notFound();
  const part = Number(match[1]);
  // Counts first: only a part that exists lists the works.
  const parts = await sitemapPartCount();
  if (parts <= 1 || part > parts) return notFound();
  return xmlResponse(
    urlsetXml((await sitemapEntries()).slice((part - 1) * MAX_SITEMAP_URLS, part * MAX_SITEMAP_URLS)),
  );
}
