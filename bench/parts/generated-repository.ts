/** A content repository of N generated works in a temporary folder, for as long as `measure` runs. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { writeGeneratedRepository } from "@vifargent/content-api";

import { ROOT } from "./next-process";

export async function withGeneratedRepository<T>(
  works: number,
  measure: (dir: string) => Promise<T>,
): Promise<T> {
  const tmp = mkdtempSync(path.join(tmpdir(), "bench-repository-"));
  try {
    const dir = path.join(tmp, "content");
    await writeGeneratedRepository({ from: path.join(ROOT, "content"), out: dir, works });
    return await measure(dir);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
