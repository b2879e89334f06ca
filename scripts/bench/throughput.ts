/** Requests per second and latency of one URL under load (autocannon, in this process). */
import autocannon from "autocannon";

export interface Throughput {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Socket errors, timeouts and non-2xx answers: any of them makes the figure suspect. */
  failures: number;
}

export async function loadTest(url: string, connections: number, seconds: number): Promise<Throughput> {
  const result = await autocannon({ url, connections, duration: seconds });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}
