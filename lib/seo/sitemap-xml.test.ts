import { sitemapIndexXml, urlsetXml, w3cDate } from "@/lib/seo/sitemap-xml";

describe("sitemap XML", () => {
  test("a urlset with escaped URLs, lastmod and hreflang alternates", () => {
    const xml = urlsetXml([
      {
        url: "https://site.test/works/a?x=1&y=2",
        lastModified: "2026-01-02T03:04:05.000Z",
        alternates: { fr: "https://site.test/works/a", en: "https://site.test/en/works/a" },
      },
    ]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    expect(xml).toContain("<loc>https://site.test/works/a?x=1&amp;y=2</loc>");
    expect(xml).toContain("<lastmod>2026-01-02T03:04:05.000Z</lastmod>");
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="en" href="https://site.test/en/works/a"/>');
  });

  test("an index lists its parts", () => {
    const xml = sitemapIndexXml(["https://site.test/sitemaps/1.xml", "https://site.test/sitemaps/2.xml"]);
    expect(xml).toContain("<sitemapindex");
    expect(xml.match(/<sitemap><loc>/g)).toHaveLength(2);
  });

  test("Prismic dates become W3C datetimes; bad ones are left out", () => {
    expect(w3cDate("2026-03-01T10:00:00+0100")).toBe("2026-03-01T09:00:00.000Z");
    expect(w3cDate("not a date")).toBeUndefined();
    expect(w3cDate(null)).toBeUndefined();
  });
});
