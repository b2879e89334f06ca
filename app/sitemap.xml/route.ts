import { sitemapEntries } from "@/lib/seo/sitemap-entries";
import { MAX_SITEMAP_URLS, sitemapIndexXml, urlsetXml, xmlResponse } from "@/lib/seo/sitemap-xml";
import { absoluteUrl } from "@/lib/site-url";

/** Every page in every language; past 50,000 URLs, an index of /sitemaps/<n>.xml. Rebuilt with the content. */
export const revalidate = 60;

export async function GET() {
  const entries = await sitemapEntries();
  if (entries.length <= MAX_SITEMAP_URLS) return xmlResponse(urlsetXml(entries));
  const parts = Math.ceil(entries.length / MAX_SITEMAP_URLS);
  return xmlResponse(
    sitemapIndexXml(Array.from({ length: parts }, (_, index) => absoluteUrl(`/sitemaps/${index + 1}.xml`))),
  );
}
