import { cookie } from "@prismicio/client";

/**
 * The draft ref of this request's preview session, or undefined outside one (and
 * outside a request, e.g. at build): what @prismicio/next's enableAutoPreviews
 * reads, kept here so no server module imports that package's entry, whose client
 * parts would then ship to every page (see ContentLink). Only a cookie in
 * Prismic's form (with websitePreviewId=) counts. next/headers is loaded lazily:
 * the request router imports the client too and never reads a preview.
 */
export async function previewRef(): Promise<string | undefined> {
  const { cookies, draftMode } = await import("next/headers");
  try {
    if (!(await draftMode()).isEnabled) return undefined;
  } catch {
    return undefined;
  }
  const ref = (await cookies()).get(cookie.preview)?.value;
  return ref?.includes("websitePreviewId=") ? ref : undefined;
}
