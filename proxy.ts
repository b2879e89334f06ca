import { NextResponse, type NextRequest } from "next/server";

import { hasDraftSession } from "@/lib/preview/draft-session";
import { nodeEnv } from "@/lib/env/public-env";
import {
  isSimulatorPath,
  simulatorMayAnswer,
  simulatorNotFound,
} from "@/lib/security/slice-simulator-access";
import { listPageExists, workExists } from "@/lib/routing/content-probe";
import { CATEGORY_PARAM } from "@/lib/site/work-categories";
import { editorRedirect } from "@/lib/routing/redirect-table";
import { localePath, type Lang } from "@/lib/i18n/locales";
import { NO_STORE } from "@/lib/cache/lifetimes.mjs";
import { notFoundInternalPath, resolvePath, type Resolution } from "@/lib/routing/resolve-path";
import { NOT_FOUND_PATH } from "@/lib/site/page-types";
import { NEXT_RENDER_ANEW_HEADER } from "@/lib/cache/rerender-handoff.mjs";
import { FRONT_HEADERS } from "./server/request-target.mjs";

/**
 * The request router: maps each public URL onto the app's /<lang>/... tree and decides what needs
 * the content before rendering: whether a work or a list page exists, an editor's redirect, a 404
 * (the not-found page rendered like any other page, real HTML in the page's language, status 404).
 * It reads the target npm start's front decided (server/request-target.mjs): already in the site's
 * spelling, holding only what the path reads; how a URL is spelled is never decided here.
 */

async function exists(resolution: Resolution, draft: boolean): Promise<boolean> {
  if (draft) return true;
  if (resolution.kind === "work") return (await workExists(resolution.uid, resolution.lang)) !== false;
  if (resolution.kind === "list") return (await listPageExists(resolution.lang, resolution)) !== false;
  return resolution.kind === "page";
}

/** How long the 404 page may take to come back from this server before it is rendered here instead. */
const NOT_FOUND_WAIT_MS = 5_000;

/**
 * The 404 page for a path the content decided is none (a work that does not exist, a list page
 * past the last): the page as it is rendered under its own fixed path, asked of this server. Next
 * writes the URL of the request that renders a page into the copy it keeps for everyone, so the
 * 404 page is only ever rendered by a request for that fixed path, never for a visitor's
 * (`/works/<any words>`), which would then be in every visitor's 404 page. An RSC request (a client
 * navigation to a dead link) gets a bare 404: Next's client then loads the address as a document.
 * Should the server not answer itself (shutting down), the page is rendered as any 404.
 */
async function contentNotFound(request: NextRequest, lang: Lang): Promise<Response> {
  if (request.headers.get("rsc") === "1") return new Response(null, { status: 404, headers: NO_STORE });
  try {
    // This server itself, which speaks plain HTTP: behind a TLS proxy, Next's request URL says
    // https (from X-Forwarded-Proto), which this server would not answer.
    const self = new URL(localePath(lang, NOT_FOUND_PATH), request.url);
    self.protocol = "http:";
    const page = await fetch(self, { redirect: "manual", signal: AbortSignal.timeout(NOT_FOUND_WAIT_MS) });
    if (page.status === 404) {
      const headers = new Headers();
      for (const name of ["content-type", "cache-control"]) {
        const value = page.headers.get(name);
        if (value) headers.set(name, value);
      }
      return new Response(request.method === "HEAD" ? null : page.body, { status: 404, headers });
    }
    await page.body?.cancel();
  } catch {
    // Rendered below instead.
  }
  const target = new URL(request.url);
  target.pathname = notFoundInternalPath(lang);
  target.search = "";
  return NextResponse.rewrite(target, { status: 404 });
}

/**
 * The request Next goes on with: on this server's own request for a fresh render
 * (server/rerender-gate.mjs), with Next's on-demand revalidation header, the build's id as the
 * front passed it. Set here, past the router: Next skips the router for a request that comes with
 * it, and would store the page with its app path for the URL the page shows.
 */
function onward(request: NextRequest): { request: { headers: Headers } } | undefined {
  const previewId = request.headers.get(FRONT_HEADERS.renderAnew);
  if (previewId === null) return undefined;
  const headers = new Headers(request.headers);
  headers.delete(FRONT_HEADERS.renderAnew);
  headers.set(NEXT_RENDER_ANEW_HEADER, previewId);
  return { request: { headers } };
}

export async function proxy(request: NextRequest) {
  const { pathname, searchParams } = request.nextUrl;
  // (A pages router's data URL, /_next/data/…, never reaches Next: the front reads it as the
  // made-up path it is, and drops a client's x-nextjs-data header.)
  if (isSimulatorPath(pathname)) {
    const visit = {
      fetchDest: request.headers.get("sec-fetch-dest"),
      rsc: request.headers.get("rsc") === "1",
    };
    return simulatorMayAnswer(visit, nodeEnv() === "production") ? NextResponse.next() : simulatorNotFound();
  }
  const resolution = resolvePath(pathname, searchParams);
  if (resolution.kind === "outside") return NextResponse.next(onward(request));
  // Editors in draft mode may see unpublished works: their page decides for itself. Only a valid
  // session counts: a made-up cookie gets a visitor's (prerendered) 404, not a render.
  const found =
    resolution.kind !== "not-found" && (await exists(resolution, hasDraftSession(request.cookies)));
  // From request.url, not nextUrl (which says "localhost"): a rewrite must name the server's own
  // origin to stay internal (with skipProxyUrlNormalize, request.url is the URL the server received).
  const target = new URL(request.url);
  // The internal path names the page and the filter: no second spelling of it in the query.
  target.searchParams.delete("page");
  target.searchParams.delete(CATEGORY_PARAM);
  if (found) {
    target.pathname = resolution.internal;
    return NextResponse.rewrite(target, onward(request));
  }
  // Before a 404: the editors' redirects (the `redirects` document), answered here without a render.
  // The visitor's own path and other parameters, as the front passed them on.
  const visitor = {
    path: request.headers.get(FRONT_HEADERS.path) ?? pathname,
    query: request.headers.get(FRONT_HEADERS.query) ?? "",
  };
  const redirect = await editorRedirect(request, visitor);
  if (redirect) return redirect;
  // A path the content made a 404 of, as the visitor wrote it (the front hands Next every other
  // 404 under the fixed path already).
  if (resolution.kind !== "not-found") return contentNotFound(request, resolution.lang);
  target.pathname = notFoundInternalPath(resolution.lang);
  return NextResponse.rewrite(target, { status: 404, ...onward(request) });
}

export const config = {
  // Everything but Next's static files and the pages that exist whatever the content says
  // (lib/routing/static-pages.ts: /, /contact, /legals, /accessibilite and their English pages
  // /en, /en/contact, /en/legals, /en/accessibility, which next.config rewrites where they differ
  // from their app path); resolvePath passes the other non-page paths through. A literal, as Next
  // reads it at build; proxy.test.ts holds it to the page table. This server's own request for a fresh render
  // comes through for every page, those too: only here can it become one (`onward`).
  matcher: [
    "/((?!_next/static/|_next/image|(?:en(?:/(?:contact|legals|accessibility))?|contact|legals|accessibilite)?$).*)",
    { source: "/((?!_next/static/|_next/image).*)", has: [{ type: "header", key: "x-site-render-anew" }] },
  ],
};
