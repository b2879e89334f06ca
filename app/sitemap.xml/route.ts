import { sitemapEntries, sitemapPartCount } from "@/lib/seo/sitemap-entries";
import { sitemapIndexXml, urlsetXml, xmlResponse } from "@/lib/seo/sitemap-xml";
import { absoluteUrl } from "@/lib/seo/site-url";

/** Every page in every language; past 50,000 URLs, an index of /sitemaps/<n>.xml. Rebuilt with the content. */
export const revalidate = 60;

export async function GET() {
  const parts = await sitemapPartCount();
  if (parts <= 1) return xmlResponse(urlsetXml(await sitemapEntries()));
  return xmlResponse(
    sitemapIndexXml(Array.from({ length: parts }, (_, index) => absoluteUrl(`/sitemaps/${index + 1}.xml`))),
  );
}
