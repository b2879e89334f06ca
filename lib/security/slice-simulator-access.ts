// Relative imports: next.config loads this module (through headers.ts), and its loader has no "@/".
import { DEFAULT_ERROR_TRANSLATIONS } from "../i18n/error-page-texts";
import { DEFAULT_LANG, LOCALES } from "../i18n/locales";
import { NO_STORE } from "../cache/lifetimes.mjs";

/**
 * Who may see /slice-simulator. It renders whatever slices its `state` query holds, so on a public
 * origin any link to it is a page of someone else's text and links under the site's name. Slice
 * Machine only ever loads it in a frame (its own UI on localhost:9999, Prismic's page builder),
 * which the page's CSP frame-ancestors limits to those hosts, and the simulator then refreshes
 * it with Next's RSC fetches from inside that frame. So, in production, a request is served only
 * when the browser says it is one of those; a top-level visit (Sec-Fetch-Dest: document), a
 * request with no Fetch Metadata at all, or anything else gets a 404. `next dev`, where editors
 * run Slice Machine, serves every request.
 *
 * Sec-Fetch-* headers are set by the browser and cannot be forged by a page (they are forbidden
 * request headers), so a link or a form can never pass for a frame.
 */

export const SLICE_SIMULATOR_PATH = "/slice-simulator";

/** What a framed page (<iframe>, <frame>) is fetched as. */
const FRAME_DESTINATIONS = new Set(["iframe", "frame"]);

export interface SimulatorRequest {
  /** The Sec-Fetch-Dest header, or null. */
  fetchDest: string | null;
  /** Whether Next's RSC header is "1" (a router refresh, not a document). */
  rsc: boolean;
}

/** Whether a request for /slice-simulator may be answered with the simulator. */
export function simulatorMayAnswer(request: SimulatorRequest, production: boolean): boolean {
  if (!production) return true;
  if (request.fetchDest !== null && FRAME_DESTINATIONS.has(request.fetchDest)) return true;
  // The simulator's router.refresh() inside its frame: a fetch whose answer no page can show.
  return request.fetchDest === "empty" && request.rsc;
}

/** /slice-simulator with or without a trailing slash. */
export function isSimulatorPath(pathname: string): boolean {
  return pathname === SLICE_SIMULATOR_PATH || pathname === `${SLICE_SIMULATOR_PATH}/`;
}

/**
 * The answer to a refused request: a plain 404 in the default language that no cache keeps (the
 * same URL may be asked for by Slice Machine's frame next) and no index lists.
 */
export function simulatorNotFound(): Response {
  const t = DEFAULT_ERROR_TRANSLATIONS[DEFAULT_LANG];
  const html = `<!doctype html><html lang="${LOCALES[DEFAULT_LANG].html}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${t["errors.not_found_title"]}</title></head><body><main><h1>${t["errors.not_found_message"]}</h1><p><a href="/">${t["errors.go_home"]}</a></p></main></body></html>`;
  return new Response(html, {
    status: 404,
    headers: { "content-type": "text/html; charset=utf-8", "x-robots-tag": "noindex, nofollow", ...NO_STORE },
  });
}
