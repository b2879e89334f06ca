/**
 * Whether a string has the shape of a Prismic preview token for this
 * repository (https://<repository>.prismic.io/previews/<ref>...). Anything
 * else is refused before the content API is asked: the client would otherwise
 * retry an unknown ref against the published content and "resolve" it.
 */
export function isPreviewToken(token: string, repositoryName: string): boolean {
  let url: URL;
  try {
    url = new URL(token);
  } catch {
    return false;
  }
  return (
    url.protocol === "https:" &&
    url.hostname === `${repositoryName}.prismic.io` &&
    /^\/previews\/[^/]+$/.test(url.pathname)
  );
}
