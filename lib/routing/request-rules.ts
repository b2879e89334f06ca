import { localePath } from "@/lib/i18n/locales";
import { LIST_PARAMS, listPublicPath, resolvePath } from "@/lib/routing/resolve-path";
import { NOT_FOUND_PATH } from "@/lib/site/page-types";

/**
 * The site's page grammar as `npm start`'s front asks it (server/request-target.mjs): which
 * parameters a path reads and their one spelling, or that the path is a 404 whatever the content
 * says. It is the request router's own reading (resolvePath), so the front and the router can
 * never read a path two ways. Handed to the front at start by instrumentation.ts.
 */

export type PathReading =
  | { kind: "page"; reads: readonly string[]; query: string }
  | { kind: "not-found"; reads: readonly string[]; target: string };

const NOTHING: readonly string[] = [];

/**
 * @param pathname a page's path in the site's spelling (the front has decided it)
 * @param params the request's parameters, decoded, in the order sent (Next's `_rsc` left out)
 */
export function readPath(pathname: string, params: Array<[string, string]>): PathReading {
  const resolution = resolvePath(pathname, new URLSearchParams(params));
  switch (resolution.kind) {
    case "list":
      return {
        kind: "page",
        reads: LIST_PARAMS,
        query: listPublicPath(resolution.lang, resolution).split("?")[1] ?? "",
      };
    case "page":
    case "work":
      return { kind: "page", reads: NOTHING, query: "" };
    case "not-found":
      return { kind: "not-found", reads: NOTHING, target: localePath(resolution.lang, NOT_FOUND_PATH) };
    case "outside":
      // The front decides these paths itself (lib/routing/outside-paths.mjs) and never asks.
      throw new Error(`readPath asked about ${pathname}, which no page serves`);
  }
}

export const requestRules = { readPath };
