/**
 * Build wall time and peak memory on generated repositories of several sizes,
 * so the growth with the repository's size is visible. Each build goes to its
 * own folder (NEXT_DIST_DIR=.bench-build/N), leaving `.next` alone.
 */
import { rmSync } from "node:fs";
import path from "node:path";

import { withGeneratedRepository } from "./generated-repository";
import { nextBuild, ROOT, type BuildFigures } from "./next-process";

export interface BuildAtSize extends BuildFigures {
  works: number;
}

export async function buildAtSize(works: number): Promise<BuildAtSize> {
  const distDir = path.join(".bench-build", String(works));
  try {
    return await withGeneratedRepository(works, async (content) => ({
      works,
      ...(await nextBuild(ROOT, { CONTENT_DIR: content, NEXT_DIST_DIR: distDir })),
    }));
  } finally {
    rmSync(path.join(ROOT, distDir), { recursive: true, force: true });
  }
}

export function describeBuild({ works, seconds, peakMb }: BuildAtSize): string {
  return `${works} works: build ${seconds.toFixed(1)} s, peak memory ${peakMb.toFixed(0)} MB`;
}
