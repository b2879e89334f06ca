/**
 * Whether a URL segment can be a Prismic UID (lower-case letters, digits,
 * hyphens, underscores, dots; at most 100 characters). Anything else is a 404
 * without asking the content API.
 */
export function isValidUid(segment: string): boolean {
  return segment.length <= 100 && /^[a-z0-9]+(?:[-_.][a-z0-9]+)*$/.test(segment);
}
