import results from "./audit-results.json";
import { parseAuditResults } from "./audit-results";
import { summariseAudit, type AuditSummary } from "./audit-summary";

/**
 * The site's latest automated audit, as `npm run a11y:audit` last wrote it (read at build, like the
 * rest of the code: a new audit shows with the next build), summarised for the statement; null when
 * the file does not hold together.
 */
export const latestAudit: AuditSummary | null = summarise(results);

export function summarise(json: unknown): AuditSummary | null {
  const parsed = parseAuditResults(json);
  return parsed ? summariseAudit(parsed) : null;
}
