/**
 * Requests per second and latency of one URL under load, from Debian's `wrk` (C, two threads):
 * autocannon, in Node on the same two cores, topped out near 4,600 req/s here, below what nginx
 * serves, so it hid nginx's own cost.
 */
import { execFileSync, spawnSync } from "node:child_process";

export interface Throughput {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Socket errors, timeouts and non-2xx answers: any of them makes the figure suspect. */
  failures: number;
}

/** Stops at once, with the command to run, when wrk is missing. */
export function requireWrk(): void {
  if (spawnSync("wrk", ["--version"]).error)
    throw new Error("the benchmark needs Debian's wrk: sudo apt-get install -y wrk");
}

/** wrk's latency figures ("812.00us", "1.20ms", "2.01s") in ms. */
function ms(value: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(value);
  if (!match) return Number.NaN;
  const scale = { us: 0.001, ms: 1, s: 1000 }[match[2] as "us" | "ms" | "s"];
  return Number(match[1]) * scale;
}

export async function loadTest(
  url: string,
  connections: number,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<Throughput> {
  const args = ["-t2", `-c${connections}`, `-d${seconds}s`, "--latency"];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  const out = execFileSync("wrk", [...args, url], { encoding: "utf8" });
  const figure = (pattern: RegExp) => pattern.exec(out)?.[1] ?? "";
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    requestsPerSecond: Number(figure(/Requests\/sec:\s+([\d.]+)/)),
    p50Ms: ms(figure(/^\s+50%\s+(\S+)/m)),
    p99Ms: ms(figure(/^\s+99%\s+(\S+)/m)),
    failures:
      Number(figure(/Non-2xx or 3xx responses: (\d+)/) || 0) +
      (errors ? errors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0),
  };
}
