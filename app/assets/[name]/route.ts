import { readAsset } from "@vifargent/content-api";

import { contentDir } from "@/lib/prismic/content-source";

/** The bundled repository's images, at the site-relative URLs its documents use. */
export async function GET(_request: Request, { params }: RouteContext<"/assets/[name]">) {
  const { name } = await params;
  return readAsset(contentDir(), name);
}
