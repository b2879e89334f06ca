/**
 * What `npm run a11y:audit` writes and the accessibility statement reads: one automated audit of
 * the site (axe-core with every rule, in Chromium) over every page type in both languages, at a
 * phone's and a desktop's width, with the consent notice and then its panel open. The file is part
 * of the code (committed, read at build) and checked when read: one that does not hold together
 * reads as "no audit yet", never as a broken page.
 */
import * as z from "zod";

const violationSchema = z.object({
  /** axe's rule id, such as "color-contrast". */
  rule: z.string().min(1),
  impact: z.enum(["minor", "moderate", "serious", "critical"]).nullable(),
  /** axe's one-line description of the rule, in English. */
  help: z.string(),
  /** WCAG success criteria and other tags axe gives the rule (such as "wcag143"). */
  tags: z.array(z.string()),
  /** How many elements on the page break it. */
  nodes: z.number().int().positive(),
});

const checkSchema = z.object({
  /** The public path audited, such as "/works" or "/en/legals". */
  path: z.string().startsWith("/"),
  lang: z.string().min(2),
  /** The page type's name in lib/site/page-types.ts, "work" for a work's page, "not_found" for the 404 page. */
  pageType: z.string().min(1),
  /** The viewport's width in CSS pixels. */
  width: z.number().int().positive(),
  /** What was open over the page: the consent notice, or the consent panel. */
  state: z.enum(["notice", "panel"]),
  violations: z.array(violationSchema),
});

export const auditResultsSchema = z.object({
  /** When the audit ran (ISO 8601). */
  date: z.iso.datetime(),
  tool: z.object({ name: z.literal("axe-core"), version: z.string().min(1) }),
  /** The browser and its version, such as "Chromium 150.0.7871.0". */
  browser: z.string().min(1),
  /** Every rule axe ran (every rule it has, whatever its tags). */
  rules: z.array(z.string()).min(1),
  checks: z.array(checkSchema).min(1),
});

export type AuditResults = z.infer<typeof auditResultsSchema>;
export type AuditCheck = z.infer<typeof checkSchema>;

/** The results in `json`, or null when there are none or they do not hold together. */
export function parseAuditResults(json: unknown): AuditResults | null {
  const parsed = auditResultsSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
