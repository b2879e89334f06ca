/**
 * npm run bench:lists [-- --requests] — what a cold render of a filtered works list asks of the
 * content API at 10,000 works (BENCH_WORKS): the build in .next (never built here: run
 * `npm run build` first) served by `npm start` over a generated repository, which the
 * bundled Content API serves over HTTP behind a counter. Prints, per page, the content requests
 * by kind, the bytes and works they returned, and the HTML's size; then one JSON line of the
 * figures. `--requests` also lists every content request. Fails (exit 1) when a page does not
 * answer 200 or a filtered page reads more than a page of works.
 */
import { existsSync } from "node:fs";
import { cpus } from "node:os";
import path from "node:path";

import {
  benchListFilter,
  describePages,
  describeRepositoryFigures,
  describeRequests,
  failures,
  figuresJson,
} from "./parts/list-filter";
import { ROOT } from "./parts/next-process";

const WORKS = Number(process.env.BENCH_WORKS ?? 10_000);
const BUILD_DIR = ".next";
/** How long the content API must stay quiet after a page's answer before its count is closed. */
const QUIET_MS = 300;
const LIST_REQUESTS = process.argv.includes("--requests");

async function main() {
  if (!Number.isInteger(WORKS) || WORKS < 1000)
    throw new Error(`BENCH_WORKS must be 1000 or more, got ${WORKS}`);
  if (!existsSync(path.join(ROOT, BUILD_DIR, "BUILD_ID"))) {
    throw new Error(`no production build in ${BUILD_DIR}: run \`npm run build\` first`);
  }
  console.log(
    `bench:lists on ${cpus().length} cores, Node ${process.version}: ${WORKS} works, build ${BUILD_DIR}`,
  );
  const figures = await benchListFilter({
    works: WORKS,
    buildDir: BUILD_DIR,
    quietMs: QUIET_MS,
    log: (line) => console.log(line),
  });
  console.log(describeRepositoryFigures(figures.repository));
  console.log();
  console.log(describePages(figures.pages));
  if (LIST_REQUESTS) {
    console.log();
    for (const page of figures.pages) console.log(describeRequests(page));
  }
  console.log();
  console.log(figuresJson(figures));
  const failed = failures(figures);
  if (failed.length > 0) throw new Error(failed.join("; "));
}

main().catch((error: unknown) => {
  console.error(`bench:lists failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
