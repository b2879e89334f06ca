// @ts-check
/**
 * The one way to ask this server for a fresh render of a page (after a publish: features/publish/;
 * a page seeded from the build: cache-handler.mjs): a GET of the page's public URL, as a visitor
 * asks for it, carrying the token this process made as it started. The front takes the token off
 * every request; for the one that carried it, and only then, it passes the build's preview id on
 * to the request router (FRONT_HEADERS.renderAnew), which hands it to Next as the header of an
 * on-demand revalidation: Next renders the page anew and stores it. That header is Next's own,
 * dropped from every request (./internal-headers.mjs); sent with the request, it would make Next
 * skip the router and store the page with its app path (`/fr/works/<uid>`) as the URL it shows.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";

import { RERENDER_HEADER } from "../lib/cache/rerender-handoff.mjs";
import { FRONT_HEADERS } from "./request-target.mjs";

/** @param {string} previewModeId the build's (prerender-manifest.json `preview.previewModeId`) */
export function rerenderGate(previewModeId, token = randomBytes(32).toString("hex")) {
  const expected = Buffer.from(token);
  return {
    token,
    /**
     * Takes the token off the request's headers; true when this server's own token came on a GET.
     * @param {string} method @param {import("node:http").IncomingHttpHeaders} headers
     */
    admit(method, headers) {
      const sent = headers[RERENDER_HEADER];
      delete headers[RERENDER_HEADER];
      if (method !== "GET" || typeof sent !== "string") return false;
      const given = Buffer.from(sent);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    /** What an admitted request carries on to the request router. */
    routerHeaders: { [FRONT_HEADERS.renderAnew]: previewModeId },
  };
}

/**
 * Where this server can reach itself: its listening address, loopback when it listens on all.
 * @param {string} hostname @param {number} port
 */
export function selfOrigin(hostname, port) {
  const host = hostname === "" || hostname === "0.0.0.0" ? "127.0.0.1" : hostname === "::" ? "::1" : hostname;
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}
