import * as prismic from "@prismicio/client";
import * as prismicNext from "@prismicio/next";

import { contentSource } from "@/lib/prismic/content-source";

/** The fixed Prismic repository name (SPEC 9), shared with Slice Machine. */
export const repositoryName = contentSource().repositoryName;

/** Every internal URL comes from these resolvers (SPEC 2); English lives under /en. */
export const pageRoutes: Array<{ type: string; path: string }> = [
  { type: "home_page", path: "/" },
  { type: "works_page", path: "/works" },
  { type: "works_completed_page", path: "/works-completed" },
  { type: "works_in_production_page", path: "/works-in-production" },
  { type: "project", path: "/works/:uid" },
  { type: "contact_page", path: "/contact" },
  { type: "legals_page", path: "/legals" },
];

export const routes: prismic.Route[] = [
  ...pageRoutes.map((route) => ({
    ...route,
    lang: "en-gb",
    path: route.path === "/" ? "/en" : `/en${route.path}`,
  })),
  ...pageRoutes,
];

export const brokenRoute = "/not-found";

/** A Prismic client for the configured content source, with the site's routes. */
export function createClient(config: prismicNext.CreateClientConfig = {}) {
  const source = contentSource();
  const client = prismic.createClient(source.repositoryName, {
    documentAPIEndpoint: source.endpoint,
    accessToken: source.accessToken,
    routes,
    brokenRoute,
    fetch: source.fetch,
    ...config,
  });
  prismicNext.enableAutoPreviews({ client });
  return client;
}
