import { asText, isFilled, type Content } from "@prismicio/client";

import { DEFAULT_LANG, homePath, langFromPrismic, LOCALES, type Lang } from "@/lib/i18n/locales";
import { absoluteUrl } from "@/lib/seo/site-url";

import { companyName, siteDescription } from "../content/site-identity";

/** schema.org Organization for the home page. */
export function organizationJsonLd(settings: Content.SettingsDocument | null, lang: Lang) {
  const sameAs = (settings?.data.social_links ?? []).flatMap((item) =>
    isFilled.link(item.url) && "url" in item.url && item.url.url ? [item.url.url] : [],
  );
  const logo = settings?.data.default_share_image;
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: companyName(settings),
    description: siteDescription(settings),
    url: absoluteUrl(homePath(lang)),
    ...(settings?.data.contact_email ? { email: settings.data.contact_email } : {}),
    ...(isFilled.image(logo) ? { image: absoluteUrl(logo.url) } : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

/** schema.org CreativeWork for a work's page. */
export function creativeWorkJsonLd(
  project: Content.ProjectDocument,
  settings: Content.SettingsDocument | null,
) {
  const { data } = project;
  const categories = data.categories.flatMap((item) => (item.category ? [item.category] : []));
  const lang = langFromPrismic(project.lang) ?? DEFAULT_LANG;
  return {
    "@context": "https://schema.org",
    "@type": "CreativeWork",
    name: data.title ?? "",
    inLanguage: LOCALES[lang].html,
    url: absoluteUrl(project.url ?? "/"),
    abstract: asText(data.summary),
    ...(data.year ? { dateCreated: String(data.year) } : {}),
    ...(categories.length > 0 ? { genre: categories } : {}),
    ...(isFilled.image(data.cover) ? { image: absoluteUrl(data.cover.url) } : {}),
    ...(data.client ? { sponsor: { "@type": "Organization", name: data.client } } : {}),
    creator: { "@type": "Organization", name: companyName(settings) },
    creativeWorkStatus: data.status === "completed" ? "Published" : "Incomplete",
  };
}
