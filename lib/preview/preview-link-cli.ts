/**
 * npm run preview:link -- <release> [document] — prints the preview link of each document of a
 * bundled release (by id or label), or of one document (by id or uid), on NEXT_PUBLIC_SITE_URL.
 * Needs CONTENT_PREVIEW_SECRET (the site's value). Exit 1 with one line saying what is wrong.
 */
import { contentDir } from "../prismic/content-source";
import { getEnvOrExit } from "../env/env";
import { logger } from "../log/logger.mjs";
import { PreviewLinkError, previewLinks, readReleases } from "./preview-links";
import sliceMachineConfig from "../../slicemachine.config.json";

async function main() {
  const env = getEnvOrExit();
  const [release, document] = process.argv.slice(2);
  if (!release) {
    logger.error("usage: npm run preview:link -- <release id or label> [document id or uid]");
    process.exit(1);
  }
  try {
    const links = previewLinks({
      releases: await readReleases(contentDir(env)),
      release,
      document,
      secret: env.CONTENT_PREVIEW_SECRET,
      repositoryName: sliceMachineConfig.repositoryName,
      siteUrl: env.NEXT_PUBLIC_SITE_URL,
    });
    // The links are this command's output (not log lines): one per line, to copy or pipe.
    for (const { link, type, uid, id, lang } of links) {
      process.stdout.write(`${type} ${uid ?? id} (${lang})\n${link}\n`);
    }
  } catch (error) {
    if (!(error instanceof PreviewLinkError)) throw error;
    logger.error(error.message);
    process.exit(1);
  }
}

void main();
