import { readAsset } from "@/lib/content-api/assets";
import { contentDir } from "@/lib/content-api/in-process";

/** The bundled repository's images, at the site-relative URLs its documents use. */
export async function GET(_request: Request, { params }: RouteContext<"/assets/[name]">) {
  const { name } = await params;
  return readAsset(contentDir(), name);
}
