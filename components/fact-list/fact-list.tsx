import type { ReactNode } from "react";

import { faceWidth, type TextRun } from "@/lib/fonts/text-width";

/**
 * Labelled facts (client, year, status...) as a description list; empty values are left out.
 * `heldWidths`: how labels and values are set, where facts sit side by side on a line: each label
 * and text value then carries the width it takes in the text face (`--face-width`, lib/fonts/text-width.ts),
 * for the list's own styles to hold while a first visit's stand-ins show.
 */
export function FactList({
  facts,
  className,
  hideLabels = false,
  heldWidths,
}: {
  facts: Array<{ label: string; value: ReactNode }>;
  className?: string;
  /** Labels for assistive technology only, where the values speak for themselves. */
  hideLabels?: boolean;
  heldWidths?: { label: TextRun; value: TextRun };
}) {
  const filled = facts.filter((fact) => fact.value !== null && fact.value !== undefined && fact.value !== "");
  const width = (text: ReactNode, run: TextRun | undefined) =>
    run && (typeof text === "string" || typeof text === "number") ? faceWidth(String(text), run) : undefined;
  return (
    <dl className={className}>
      {filled.map((fact) => (
        <div key={fact.label}>
          <dt
            className={hideLabels ? "visually-hidden" : undefined}
            style={width(fact.label, heldWidths?.label)}
          >
            {fact.label}
          </dt>
          <dd style={width(fact.value, heldWidths?.value)}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
