/**
 * Slice Machine looks for this file at the project's root; the client factory and the routes live
 * in lib/prismic/client.ts, which the site imports directly.
 */
export {
  brokenRoute,
  createClient,
  createPublishedClient,
  repositoryName,
  routes,
} from "@/lib/prismic/client";
