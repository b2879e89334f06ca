/**
 * Accessibility: the accessibility statement (the RGAA's "déclaration d'accessibilité") with the
 * figures of the site's own automated audit, and that audit's results file and its schema.
 *
 * The rest of the site imports only from here.
 */
export { AccessibilityStatement } from "./accessibility-statement";
export { latestAudit } from "./latest-audit";
export { parseAuditResults, type AuditCheck, type AuditResults } from "./audit-results";
