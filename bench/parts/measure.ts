/** Small helpers shared by the benchmarks: medians, the screens, table rows, process-tree memory. */
import { readdirSync, readFileSync } from "node:fs";

import { devices, type BrowserContextOptions } from "@playwright/test";

export type Screen = "phone" | "desktop";

/**
 * The two screens pages are measured on. The phone is Lighthouse's mobile screen (412 × 823 at
 * 1.75×), so measuring on it also warms the image variants Lighthouse fetches.
 */
export const SCREENS: Record<
  Screen,
  BrowserContextOptions & { viewport: { width: number; height: number } }
> = {
  phone: {
    ...devices["Pixel 7"],
    viewport: { width: 412, height: 823 },
    screen: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
  },
  desktop: { viewport: { width: 1440, height: 900 } },
};

/** A table row: the first cell left-aligned, the others right-aligned, each to its width. */
export function padCells(cells: Array<string | number>, widths: number[]): string {
  return cells
    .map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i])))
    .join("  ");
}

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
