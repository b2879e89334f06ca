import { readFile } from "node:fs/promises";
import path from "node:path";

/** Serving the repository's image files (content/assets/<file>) safely. */

const CONTENT_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".mp4": "video/mp4",
};

/** Only plain file names with a known extension: no folders, no dot-files, no traversal. */
export function isSafeAssetName(name: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name) && path.extname(name).toLowerCase() in CONTENT_TYPES;
}

export async function readAsset(contentDir: string, name: string): Promise<Response> {
  if (!isSafeAssetName(name)) return new Response("Not found", { status: 404 });
  try {
    const body = await readFile(path.join(contentDir, "assets", name));
    return new Response(new Uint8Array(body), {
      headers: {
        "content-type": CONTENT_TYPES[path.extname(name).toLowerCase()],
        "cache-control": "public, max-age=3600",
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return new Response("Not found", { status: 404 });
    throw error;
  }
}
