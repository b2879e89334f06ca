import type { RichTextField } from "@prismicio/client";
import type { ReactNode } from "react";

import { RichHeading } from "@/components/rich-heading/rich-heading";

import styles from "./page-intro.module.css";

/**
 * A page's big title and its lead paragraph. The lead comes rendered: it is the editors' rich text,
 * which the rich-text feature renders (a component does not reach into features).
 */
export function PageIntro({ title, intro }: { title: RichTextField; intro?: ReactNode }) {
  return (
    <header className={styles.intro}>
      <RichHeading field={title} level={1} className={styles.title} />
      {intro ? <div className={styles.lead}>{intro}</div> : null}
    </header>
  );
}
