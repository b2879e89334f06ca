/** Small helpers shared by the benchmarks: medians, process-tree memory. */
import { readdirSync, readFileSync } from "node:fs";

/** The median of some samples (the mean of the middle two for an even count). */
export function median(samples: number[]): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Runs `once` `runs` times in a row and returns every result. */
export async function repeat<T>(runs: number, once: () => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < runs; i++) results.push(await once());
  return results;
}

/** Resident memory (bytes) of a process and all its descendants, from /proc (Linux). */
export function treeRss(rootPid: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const pid = Number(entry);
      rss.set(pid, Number(fields[21]) * 4096);
      const ppid = Number(fields[1]);
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
