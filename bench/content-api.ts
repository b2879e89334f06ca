/**
 * npm run bench:content — median latency of the bundled Content API over HTTP
 * (loopback), measured through the real @prismicio/client:
 *   1. getByUID on the bundled repository;
 *   2. a filtered, ordered query on a generated 10,000-project repository.
 * Prints figures; it asserts nothing (machines here are shared and noisy).
 */
import { benchContentLatency, describeLatency } from "./parts/content-latency";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const GENERATED_WORKS = Number(process.env.BENCH_WORKS ?? 10_000);

benchContentLatency(ROUNDS, GENERATED_WORKS).then(
  ({ latencies, generatedLoadMs }) => {
    console.log(describeLatency(latencies[0]));
    console.log(
      `Loaded ${GENERATED_WORKS * 2} generated project documents in ${generatedLoadMs.toFixed(0)} ms`,
    );
    console.log(describeLatency(latencies[1]));
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
