import type { RichTextField } from "@prismicio/client";

import { RichHeading } from "@/components/rich-heading/rich-heading";
import { RichText } from "@/components/rich-text/rich-text";
import type { Translations } from "@/lib/i18n/default-translations";

import styles from "./page-intro.module.css";

/** A page's big title and its lead paragraph. */
export function PageIntro({
  title,
  intro,
  t,
}: {
  title: RichTextField;
  intro?: RichTextField;
  t: Translations;
}) {
  return (
    <header className={styles.intro}>
      <RichHeading field={title} level={1} className={styles.title} />
      {intro ? (
        <div className={styles.lead}>
          <RichText field={intro} t={t} />
        </div>
      ) : null}
    </header>
  );
}
