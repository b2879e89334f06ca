import { readFileSync } from "node:fs";
import path from "node:path";

import { buildDir } from "@/lib/env/build-dir";
import { DRAFT_MODE_COOKIE } from "@/lib/security/headers";
import { sameSecret } from "@/lib/security/same-secret.mjs";

/**
 * Whether a request belongs to an editor's draft-mode session, decided as Next decides it: the
 * draft-mode cookie must carry this build's preview id (kept in the build's
 * server/preview-props.json), not merely be present. Code that treats editors differently before
 * Next itself reads the cookie (the request router) asks here, so a made-up cookie buys nothing.
 */

let previewModeId: string | undefined;

/** This build's preview id, read once; "" when the build has none (then no session is valid). */
function buildPreviewModeId(): string {
  if (previewModeId === undefined) {
    try {
      const file = path.join(
        /* turbopackIgnore: true */ process.cwd(),
        buildDir(),
        "server",
        "preview-props.json",
      );
      const id = (JSON.parse(readFileSync(file, "utf8")) as { previewModeId?: unknown }).previewModeId;
      previewModeId = typeof id === "string" ? id : "";
    } catch {
      previewModeId = "";
    }
  }
  return previewModeId;
}

/** Whether this draft-mode cookie value opens a session on this build. */
export function isDraftSessionCookie(value: string | undefined, expected = buildPreviewModeId()): boolean {
  return expected !== "" && value !== undefined && sameSecret(value, expected);
}

/** Whether a request's cookies hold a valid draft-mode session. */
export function hasDraftSession(cookies: { get(name: string): { value: string } | undefined }): boolean {
  return isDraftSessionCookie(cookies.get(DRAFT_MODE_COOKIE)?.value);
}
