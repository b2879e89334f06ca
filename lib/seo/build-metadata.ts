import { isFilled, type ImageField } from "@prismicio/client";
import type { Metadata } from "next";

import { getEnv, type Env } from "@/lib/env/env";
import { DEFAULT_LANG, LOCALES, type Lang } from "@/lib/i18n/locales";
import { absoluteUrl } from "@/lib/seo/site-url";

/**
 * A page's metadata: title (composed with the production name by the layout's
 * template), description, canonical URL, hreflang alternates, Open Graph and
 * Twitter cards with a share image.
 */
export interface PageSeo {
  lang: Lang;
  /** The page's own title; omitted on the home page, whose title is the production name. */
  title?: string | null;
  /**
   * The title share cards show (the SEO field meta_title, which already names the
   * company, so it is never the document title: the layout's template adds the name).
   */
  socialTitle?: string | null;
  description?: string | null;
  image?: ImageField | null;
  fallbackImage?: ImageField | null;
  alternates: Partial<Record<Lang, string>>;
  type?: "website" | "article" | "video.other";
  /** Kept out of search results, its links still followed (a filtered list: docs/architecture.md, "Lists"). */
  noindex?: boolean;
}

function shareImage(image: ImageField | null | undefined, env: Pick<Env, "NEXT_PUBLIC_SITE_URL">) {
  if (!isFilled.image(image)) return undefined;
  return [
    {
      url: absoluteUrl(image.url, env),
      width: image.dimensions.width,
      height: image.dimensions.height,
      alt: image.alt ?? "",
    },
  ];
}

export function pageMetadata(seo: PageSeo, env: Pick<Env, "NEXT_PUBLIC_SITE_URL"> = getEnv()): Metadata {
  const path = seo.alternates[seo.lang] ?? "/";
  const languages: Record<string, string> = {};
  for (const [lang, alternatePath] of Object.entries(seo.alternates) as Array<[Lang, string]>) {
    languages[LOCALES[lang].html] = absoluteUrl(alternatePath, env);
  }
  const xDefault = seo.alternates[DEFAULT_LANG];
  if (xDefault) languages["x-default"] = absoluteUrl(xDefault, env);
  const images = shareImage(seo.image, env) ?? shareImage(seo.fallbackImage, env);
  const title = seo.title || undefined;
  const socialTitle = seo.socialTitle || title;
  return {
    ...(title ? { title } : {}),
    ...(seo.description ? { description: seo.description } : {}),
    alternates: { canonical: absoluteUrl(path, env), languages },
    ...(seo.noindex ? { robots: { index: false, follow: true } } : {}),
    openGraph: {
      type: seo.type ?? "website",
      url: absoluteUrl(path, env),
      locale: LOCALES[seo.lang].ogLocale,
      ...(socialTitle ? { title: socialTitle } : {}),
      ...(seo.description ? { description: seo.description } : {}),
      ...(images ? { images } : {}),
    },
    twitter: {
      card: "summary_large_image",
      ...(socialTitle ? { title: socialTitle } : {}),
      ...(seo.description ? { description: seo.description } : {}),
      ...(images ? { images: images.map((image) => image.url) } : {}),
    },
  };
}
