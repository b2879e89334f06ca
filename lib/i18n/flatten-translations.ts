/**
 * Flattens a translations document's data: each group's first item becomes
 * "group.key" entries; plain text fields keep their name. Empty
 * values are left out so defaults show through.
 */
export function flattenTranslations(data: Record<string, unknown>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [field, value] of Object.entries(data)) {
    if (typeof value === "string" && value.trim() !== "") {
      flat[field] = value;
    } else if (Array.isArray(value) && typeof value[0] === "object" && value[0] !== null) {
      for (const [key, text] of Object.entries(value[0] as Record<string, unknown>)) {
        if (typeof text === "string" && text.trim() !== "") flat[`${field}.${key}`] = text;
      }
    }
  }
  return flat;
}
