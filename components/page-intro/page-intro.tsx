import type { RichTextField } from "@prismicio/client";
import { PrismicRichText } from "@prismicio/react";

import { RichText } from "@/components/rich-text/rich-text";

import styles from "./page-intro.module.css";

/** A page's big title and its lead paragraph. */
export function PageIntro({ title, intro }: { title: RichTextField; intro?: RichTextField }) {
  return (
    <header className={styles.intro}>
      <PrismicRichText
        field={title}
        components={{ heading1: ({ children }) => <h1 className={styles.title}>{children}</h1> }}
      />
      {intro ? (
        <div className={styles.lead}>
          <RichText field={intro} />
        </div>
      ) : null}
    </header>
  );
}
