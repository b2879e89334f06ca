/**
 * npm run bench:build — wall time and peak memory of a production build on
 * generated repositories of 100, 1,000 and 10,000 works (BENCH_BUILD_WORKS,
 * comma-separated), so the growth with the repository's size is visible.
 * Peak memory is the largest sum of resident memory over the build's whole
 * process tree (next build and its workers), sampled every 100 ms. Each build
 * goes to its own folder (NEXT_DIST_DIR=.bench-build/N), leaving `.next` alone. Prints
 * figures; asserts nothing (machines here are shared and noisy).
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

const ROOT = path.resolve(__dirname, "..");
const SIZES = (process.env.BENCH_BUILD_WORKS ?? "100,1000,10000").split(",").map(Number);

/** Resident memory (bytes) of a process and all its descendants, from /proc. */
function treeRss(rootPid: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const pid = Number(entry);
      const ppid = Number(fields[1]);
      rss.set(pid, Number(fields[21]) * 4096);
      children.set(ppid, [...(children.get(ppid) ?? []), pid]);
    } catch {
      // the process ended while we read it
    }
  }
  let total = 0;
  const stack = [rootPid];
  while (stack.length > 0) {
    const pid = stack.pop() as number;
    total += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

async function build(contentDir: string, distDir: string): Promise<{ seconds: number; peakMb: number }> {
  const start = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "build"], {
    cwd: ROOT,
    env: { ...process.env, CONTENT_DIR: contentDir, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRss(child.pid as number))), 100);
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`next build failed (exit ${code}):\n${output.slice(-3000)}`);
  return { seconds: (performance.now() - start) / 1000, peakMb: peak / 1024 / 1024 };
}

async function main() {
  console.log(`bench:build on ${cpus().length} cores, Node ${process.version}`);
  const results: Array<{ works: number; seconds: number; peakMb: number }> = [];
  for (const works of SIZES) {
    const tmp = mkdtempSync(path.join(tmpdir(), "bench-build-"));
    try {
      const content = path.join(tmp, "content");
      execFileSync(
        process.execPath,
        [
          require.resolve("tsx/cli"),
          "scripts/content-generate.ts",
          "--works",
          String(works),
          "--out",
          content,
        ],
        { cwd: ROOT, stdio: "ignore" },
      );
      const distDir = path.join(".bench-build", String(works));
      // next build adds its distDir's types to tsconfig.json: put the file back as it was.
      const tsconfig = readFileSync(path.join(ROOT, "tsconfig.json"), "utf8");
      const result = await build(content, distDir).finally(() => {
        rmSync(path.join(ROOT, distDir), { recursive: true, force: true });
        writeFileSync(path.join(ROOT, "tsconfig.json"), tsconfig);
      });
      results.push({ works, ...result });
      console.log(
        `${works} works: build ${result.seconds.toFixed(1)} s, peak memory ${result.peakMb.toFixed(0)} MB`,
      );
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
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
