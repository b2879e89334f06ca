import { checkAccess } from "./access";
import { describeRepository } from "./api-description";
import { readAsset } from "./assets";
import type { ContentStore } from "./content-store";
import { ContentApiError, methodNotAllowed, routeNotFound } from "./errors";
import { search } from "./search";
import type { ErrorReporter } from "./types";

/**
 * The bundled Content API as a fetch-style handler (Request in, Response out),
 * answered in-process (in-process.ts) or over HTTP (http-server.ts, the content-api-serve CLI).
 */

export interface ContentApiOptions {
  store: ContentStore;
  /** When set, every API request must carry it as `access_token` (like a private repository). */
  accessToken?: string;
  /** Where an unexpected failure is reported; the request gets a 500 in Prismic's error shape. */
  onError: ErrorReporter;
}

const API_DESCRIPTION_MAX_AGE = 5;

/**
 * `cors`: any web page may read this answer. Only published reads are: never a release's or a
 * preview's content, an answer to a request carrying the access token, or an error.
 */
function json(status: number, body: unknown, cacheControl: string, cors = false): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": cacheControl,
      ...(cors ? { "access-control-allow-origin": "*" } : {}),
    },
  });
}

export type ContentApiHandler = (request: Request) => Promise<Response>;

export function createContentApiHandler(options: ContentApiOptions): ContentApiHandler {
  const { store, accessToken, onError } = options;
  return async (request) => {
    const url = new URL(request.url);
    const pathname = url.pathname.replace(/\/+$/, "");
    try {
      if (request.method !== "GET" && request.method !== "HEAD") throw methodNotAllowed(request.method);
      if (pathname.startsWith("/assets/"))
        return await readAsset(store.dir, pathname.slice("/assets/".length));
      // Past checkAccess, a request naming a token holds the right one.
      const withToken = url.searchParams.has("access_token");
      if (pathname === "/api/v2") {
        checkAccess(url, accessToken);
        const snapshot = await store.snapshot();
        // Like Prismic's API: releases are listed only to requests carrying the repository's access
        // token (a repository without one lists none), so their refs reach no one else.
        const releases = accessToken !== undefined && withToken;
        return json(
          200,
          describeRepository(snapshot, url.origin, { releases }),
          releases ? "private, no-store" : `public, max-age=${API_DESCRIPTION_MAX_AGE}`,
          !withToken,
        );
      }
      if (pathname === "/api/v2/documents/search") {
        checkAccess(url, accessToken);
        // Preview tokens (editors' drafts) always read the files as they are now.
        const fresh = /^https?:/.test(url.searchParams.get("ref") ?? "");
        const { body, immutable } = search(await store.snapshot({ fresh }), url);
        // A master ref names one published state, so its answers never change; only they are
        // published reads.
        return json(
          200,
          body,
          immutable ? "public, max-age=31536000, immutable" : "private, no-store",
          immutable && !withToken,
        );
      }
      throw routeNotFound(pathname);
    } catch (error) {
      if (error instanceof ContentApiError) return json(error.status, error.body, "no-store");
      // The path only: the query may carry the access token.
      onError(`${request.method} ${url.pathname} failed`, error);
      return json(
        500,
        { type: "internal_error", message: "The content API failed; see the server log" },
        "no-store",
      );
    }
  };
}
