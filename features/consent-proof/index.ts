/**
 * Proof of consent: every version of the consent notice's words, and a record of each visitor's
 * choice (no personal data), kept in files an operator backs up, for as long as the retention
 * period; `npm run consent:proof` prints a record with its words, or exports a date range.
 *
 * The rest of the site imports only from here (server code: the layout and the route).
 */
export { noticeVersionForPage, siteRecordReceiver } from "./site-store";
