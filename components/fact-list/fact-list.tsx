import type { ReactNode } from "react";

/** Labelled facts (client, year, status...) as a description list; empty values are left out. */
export function FactList({
  facts,
  className,
  hideLabels = false,
}: {
  facts: Array<{ label: string; value: ReactNode }>;
  className?: string;
  /** Labels for assistive technology only, where the values speak for themselves. */
  hideLabels?: boolean;
}) {
  const filled = facts.filter((fact) => fact.value !== null && fact.value !== undefined && fact.value !== "");
  return (
    <dl className={className}>
      {filled.map((fact) => (
        <div key={fact.label}>
          <dt className={hideLabels ? "visually-hidden" : undefined}>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
