import { LOCALES, type Lang } from "@/lib/i18n/locales";

import styles from "./language-switch.module.css";

/**
 * The visible code ("EN") followed by the language's name for screen readers, so the
 * accessible name ("EN – English") starts with the text on screen (WCAG 2.5.3, label in name).
 */
function LanguageName({ code }: { code: Lang }) {
  return (
    <>
      {code.toUpperCase()}
      <span className="visually-hidden"> – {LOCALES[code].name}</span>
    </>
  );
}

/** Links to the same document in the other languages (or their home when it has no translation). */
export function LanguageSwitch({
  lang,
  alternates,
  label,
}: {
  lang: Lang;
  alternates: Partial<Record<Lang, string>>;
  label: string;
}) {
  return (
    <nav aria-label={label} className={styles.root}>
      <ul>
        {(Object.keys(LOCALES) as Lang[]).map((code) => (
          <li key={code}>
            {code === lang ? (
              <span aria-current="true" className={styles.current} lang={LOCALES[code].html}>
                <LanguageName code={code} />
              </span>
            ) : (
              // A plain link: each language has its own root layout, so Next loads the other
              // language as a new document anyway; a <Link> would only prefetch its tree, and
              // the per-segment prefetch of a rewritten French URL loops (hundreds of requests).
              <a
                href={alternates[code] ?? (LOCALES[code].prefix || "/")}
                hrefLang={LOCALES[code].html}
                lang={LOCALES[code].html}
                className={styles.link}
              >
                <LanguageName code={code} />
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
