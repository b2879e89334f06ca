/**
 * Sitemap XML (sitemaps.org 0.9 with hreflang alternates): a urlset, or past
 * MAX_SITEMAP_URLS an index of several urlsets, as the protocol requires.
 */
export const MAX_SITEMAP_URLS = 50_000;

export interface SitemapEntry {
  url: string;
  lastModified?: string;
  /** hreflang code to absolute URL. */
  alternates: Record<string, string>;
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (char) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[char]};`,
  );
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

export function urlsetXml(entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const links = Object.entries(entry.alternates).map(
      ([hreflang, href]) =>
        `<xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(href)}"/>`,
    );
    const lastmod = entry.lastModified ? `<lastmod>${escapeXml(entry.lastModified)}</lastmod>` : "";
    return `<url><loc>${escapeXml(entry.url)}</loc>${lastmod}${links.join("")}</url>`;
  });
  return `${HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

export function sitemapIndexXml(sitemapUrls: string[]): string {
  const items = sitemapUrls.map((url) => `<sitemap><loc>${escapeXml(url)}</loc></sitemap>`);
  return `${HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}

/** Prismic's "+0000" offsets as W3C datetimes ("+00:00"). */
export function w3cDate(prismicDate: string | null | undefined): string | undefined {
  if (!prismicDate) return undefined;
  const date = new Date(prismicDate.replace(/([+-]\d{2})(\d{2})$/, "$1:$2"));
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function xmlResponse(body: string): Response {
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
