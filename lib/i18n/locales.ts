/**
 * The site's languages: French at the root paths (the default), English under /en
 * (docs/product.md#languages-and-addresses).
 * `lang` is the URL segment, `prismic` the repository's language code.
 */
export const LOCALES = {
  fr: { prismic: "fr-fr", html: "fr", prefix: "", name: "Français", ogLocale: "fr_FR" },
  en: { prismic: "en-gb", html: "en", prefix: "/en", name: "English", ogLocale: "en_GB" },
} as const;

export type Lang = keyof typeof LOCALES;
export type PrismicLang = (typeof LOCALES)[Lang]["prismic"];

export const DEFAULT_LANG: Lang = "fr";
export const LANGS = Object.keys(LOCALES) as Lang[];

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && Object.hasOwn(LOCALES, value);
}

export function prismicLang(lang: Lang): PrismicLang {
  return LOCALES[lang].prismic;
}

export function langFromPrismic(code: string): Lang | undefined {
  return LANGS.find((lang) => LOCALES[lang].prismic === code);
}

export function homePath(lang: Lang): string {
  return LOCALES[lang].prefix || "/";
}

/** A site path in a language: localePath("en", "/works") is "/en/works". */
export function localePath(lang: Lang, path: string): string {
  const prefix = LOCALES[lang].prefix;
  if (path === "/") return homePath(lang);
  return `${prefix}${path}`;
}

/** The language of a public site path: its prefix ("/en/works" is en), else the default. */
export function langFromPath(pathname: string): Lang {
  return (
    LANGS.find((lang) => {
      const prefix = LOCALES[lang].prefix;
      return prefix !== "" && (pathname === prefix || pathname.startsWith(`${prefix}/`));
    }) ?? DEFAULT_LANG
  );
}
