/** A content repository of N generated works in a temporary folder, for as long as `measure` runs. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { ROOT } from "./next-process";

export async function withGeneratedRepository<T>(
  works: number,
  measure: (dir: string) => Promise<T>,
): Promise<T> {
  const tmp = mkdtempSync(path.join(tmpdir(), "bench-repository-"));
  try {
    const dir = path.join(tmp, "content");
    execFileSync(
      process.execPath,
      [require.resolve("tsx/cli"), "scripts/content-generate.ts", "--works", String(works), "--out", dir],
      { cwd: ROOT, stdio: "ignore" },
    );
    return await measure(dir);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
