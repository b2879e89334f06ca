/**
 * Whether a figure's caption says exactly what its image's alt text says. The
 * figcaption then describes the image, so the image takes alt="" rather than
 * have screen readers read the same words twice (axe: image-redundant-alt).
 */
export function captionRepeatsAlt(
  caption: string | null | undefined,
  alt: string | null | undefined,
): boolean {
  const normalise = (text: string | null | undefined) =>
    (text ?? "").trim().replace(/\s+/g, " ").toLowerCase();
  return normalise(caption) !== "" && normalise(caption) === normalise(alt);
}
