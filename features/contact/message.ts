/** What a contact form message is about: the id picks the recipient and labels the mail. */
export const PURPOSES = ["project", "press", "jobs", "other"] as const;
export type Purpose = (typeof PURPOSES)[number];

/** A validated message, as the schema hands it over (strings already trimmed and length-checked). */
export interface ContactMessage {
  name: string;
  email: string;
  company?: string;
  purpose: Purpose;
  message: string;
  /** "fr" or "en": the page's language, for the subject's wording. */
  lang: "fr" | "en";
}
