import { NO_STORE } from "./preview-session";

/**
 * A 307 to a same-site path, as a relative Location: the browser resolves it
 * against the address it used. (Next's request URL names "localhost" even when
 * the site is reached as 127.0.0.1 or behind a proxy, so an absolute URL built
 * from it would send editors to another origin, without their cookies.)
 */
export function redirectToPath(path: string): Response {
  return new Response(null, { status: 307, headers: { location: path, ...NO_STORE } });
}
