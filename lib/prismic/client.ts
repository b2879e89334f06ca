/**
 * The Prismic client factory: the configured content source (bundled or hosted), the site's route
 * resolvers (one per page type and language) and editors' previews. The root `prismicio.ts`
 * re-exports it for Slice Machine, which looks for that file.
 */
import * as prismic from "@prismicio/client";

import { LANGS, localePath, prismicLang } from "@/lib/i18n/locales";
import {
  NOT_FOUND_PATH,
  PAGE_TYPE_NAMES,
  pagePublicPath,
  WORK_PATH_PREFIX,
  WORK_TYPE,
} from "@/lib/site/page-types";
import { previewRef } from "@/lib/preview/preview-ref";

import { contentSource } from "./content-source";

/** The fixed Prismic repository name, shared with Slice Machine. */
export const repositoryName = contentSource().repositoryName;

/** Every internal URL comes from these resolvers: one per page type and language, each at its language's path, and the works'. */
export const routes: prismic.Route[] = LANGS.flatMap((lang) => [
  ...PAGE_TYPE_NAMES.map((type) => ({ type, lang: prismicLang(lang), path: pagePublicPath(type, lang) })),
  { type: WORK_TYPE, lang: prismicLang(lang), path: localePath(lang, `${WORK_PATH_PREFIX}:uid`) },
]);

export const brokenRoute = NOT_FOUND_PATH;

function clientFor(config: prismic.ClientConfig) {
  const source = contentSource();
  return prismic.createClient(source.repositoryName, {
    documentAPIEndpoint: source.endpoint,
    accessToken: source.accessToken,
    routes,
    brokenRoute,
    fetch: source.fetch,
    ...config,
  });
}

/** A Prismic client for the configured content source, with the site's routes and editors' previews. */
export function createClient(config: prismic.ClientConfig = {}) {
  const client = clientFor(config);
  client.queryContentFromRef(previewRef);
  return client;
}

/** A client that reads published content only (outside a page render, e.g. the request router). */
export function createPublishedClient() {
  return clientFor({});
}
