// @ts-check
/**
 * The one way to ask this server for a fresh render of a page (after a publish: features/publish/):
 * a GET of the page's app path (`/fr/works/<uid>`: Next renders it anew without its request
 * router, which maps public URLs onto those paths) carrying the token this process made as it
 * started. The front takes the token off every
 * request; for the one that carried it, and only then, it adds the header with which Next renders
 * the page anew and stores it (on-demand revalidation, keyed by the build's preview id, which Next
 * reads from any request but the front drops: ./internal-headers.mjs).
 */
import { randomBytes, timingSafeEqual } from "node:crypto";

import { RERENDER_HEADER } from "../lib/cache/rerender-handoff.mjs";

/** Next's header for an on-demand revalidation, and the build's value for it. */
const NEXT_REVALIDATE_HEADER = "x-prerender-revalidate";

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
    /** What an admitted request carries on to Next. */
    nextHeaders: { [NEXT_REVALIDATE_HEADER]: previewModeId },
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
