import { asText, isFilled, type RichTextField } from "@prismicio/client";

/** A single-heading rich-text field rendered at the level the page's outline needs. */
export function RichHeading({
  field,
  level,
  className,
}: {
  field: RichTextField | null | undefined;
  level: 1 | 2 | 3;
  className?: string;
}) {
  if (!isFilled.richText(field)) return null;
  const Tag = `h${level}` as const;
  return <Tag className={className}>{asText(field)}</Tag>;
}
