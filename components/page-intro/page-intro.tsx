import type { RichTextField } from "@prismicio/client";

import { RichText } from "@/components/rich-text/rich-text";

import { RichHeading } from "@/components/rich-heading/rich-heading";
import styles from "./page-intro.module.css";

/** A page's big title and its lead paragraph. */
export function PageIntro({ title, intro }: { title: RichTextField; intro?: RichTextField }) {
  return (
    <header className={styles.intro}>
      <RichHeading field={title} level={1} className={styles.title} />
      {intro ? (
        <div className={styles.lead}>
          <RichText field={intro} />
        </div>
      ) : null}
    </header>
  );
}
