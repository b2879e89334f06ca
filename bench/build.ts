/**
 * npm run bench:build — wall time and peak memory of a production build on
 * generated repositories of 100, 1,000 and 10,000 works (BENCH_BUILD_WORKS,
 * comma-separated). Peak memory is the largest sum of resident memory over the
 * build's whole process tree (next build and its workers), sampled every 100 ms.
 * Prints figures; asserts nothing (machines here are shared and noisy).
 */
import { cpus } from "node:os";

import { buildAtSize, describeBuild, type BuildAtSize } from "./parts/build-scale";

const SIZES = (process.env.BENCH_BUILD_WORKS ?? "100,1000,10000").split(",").map(Number);

async function main() {
  console.log(`bench:build on ${cpus().length} cores, Node ${process.version}`);
  const results: BuildAtSize[] = [];
  for (const works of SIZES) {
    results.push(await buildAtSize(works));
    console.log(describeBuild(results[results.length - 1]));
  }
  if (results.length > 1) {
    const [first, last] = [results[0], results[results.length - 1]];
    console.log(
      `growth ${first.works} → ${last.works} works (×${last.works / first.works}): ` +
        `time ×${(last.seconds / first.seconds).toFixed(2)}, memory ×${(last.peakMb / first.peakMb).toFixed(2)}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(`bench:build failed: ${(error as Error).message}`);
  process.exit(1);
});
