/** The site's public origin (NEXT_PUBLIC_SITE_URL), for canonical URLs, sitemap and Open Graph. */
export function siteUrl(): string {
  const raw = process.env.NEXT_PUBLIC_SITE_URL || "http://127.0.0.1:3000";
  try {
    return new URL(raw).origin;
  } catch {
    throw new Error(`NEXT_PUBLIC_SITE_URL must be an absolute URL such as https://example.com, got "${raw}"`);
  }
}

export function absoluteUrl(path: string): string {
  return new URL(path, siteUrl()).toString();
}
