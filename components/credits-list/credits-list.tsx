import type { ReactNode } from "react";

import styles from "./credits-list.module.css";

/** Roles and the people who held them, under a heading. */
export function CreditsList({
  heading,
  credits,
  labelledBy,
}: {
  heading: ReactNode;
  credits: Array<{ role: string | null; names: string | null }>;
  labelledBy?: string;
}) {
  return (
    <section className={styles.credits} aria-labelledby={labelledBy}>
      {heading}
      <dl>
        {credits.map((credit, index) => (
          <div key={index}>
            <dt>{credit.role}</dt>
            <dd>{credit.names}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
