import path from "node:path";

import { releaseRef } from "@vifargent/content-api";

import { PreviewLinkError, previewLinks, readReleases } from "@/lib/preview/preview-links";

const CONTENT = path.resolve(__dirname, "../../content");
const SECRET = "preview-links-test-secret-0123456789abcdef";

async function links(release: string, document?: string, secret: string | undefined = SECRET) {
  return previewLinks({
    releases: await readReleases(CONTENT),
    release,
    document,
    secret,
    repositoryName: "vif-argent",
    siteUrl: "https://studio.example",
  });
}

test("one link per document of the release, on the site, with the ref the secret gives", async () => {
  const all = await links("spring-launch");
  expect(all.length).toBeGreaterThan(1);
  const ref = releaseRef(SECRET, "spring-launch");
  for (const { link, id } of all) {
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe("https://studio.example/preview");
    expect(url.searchParams.get("documentId")).toBe(id);
    expect(url.searchParams.get("token")).toBe(
      `https://vif-argent.prismic.io/previews/${ref}?websitePreviewId=${ref}`,
    );
  }
  // By label too, and one document by uid.
  expect(await links("Spring launch")).toEqual(all);
  expect((await links("spring-launch", "les-veilleurs")).map((link) => link.uid)).toEqual(["les-veilleurs"]);
});

test("clear errors: no secret, an unknown release (listing the known ones), an unknown document", async () => {
  await expect(links("spring-launch", undefined, "")).rejects.toThrow(
    new PreviewLinkError(
      "CONTENT_PREVIEW_SECRET is not set: release refs are derived from it (set the same value as the site's)",
    ),
  );
  await expect(links("autumn")).rejects.toThrow(
    'No release "autumn". Releases: spring-launch ("Spring launch")',
  );
  await expect(links("spring-launch", "nope")).rejects.toThrow(
    /No document "nope" in release spring-launch; its documents: .*les-veilleurs/,
  );
});
