/** Headers of a response no cache may keep (a browser's, nginx's or a CDN's): health, webhooks, redirects. */
export const NO_STORE = { "cache-control": "no-store, max-age=0" };
