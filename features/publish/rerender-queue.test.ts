import { RerenderQueue, type SettledBatch } from "./rerender-queue";

/** A queue whose renders answer as `outcome` says, with every wait shortened to nothing. */
function queueWith(outcome: (path: string, attempt: number) => boolean | Promise<boolean>, concurrency = 2) {
  const attempts = new Map<string, number>();
  const batches: SettledBatch[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const queue = new RerenderQueue({
    concurrency,
    retryDelaysMs: [1, 1, 1],
    onSettled: (batch) => void batches.push(batch),
    onReportFailed: (error) => {
      throw error;
    },
    render: async (path) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      const attempt = (attempts.get(path) ?? 0) + 1;
      attempts.set(path, attempt);
      await new Promise((resolve) => setTimeout(resolve, 2));
      running -= 1;
      return outcome(path, attempt);
    },
  });
  return { queue, attempts, batches, mostAtOnce: () => mostAtOnce };
}

test("every page rendered once, a few at a time, then the batch is settled once", async () => {
  const paths = Array.from({ length: 20 }, (_, index) => `/works/w${index}`);
  const run = queueWith(() => true, 3);
  run.queue.add(paths);
  await run.queue.idle();
  expect([...run.attempts.values()]).toEqual(paths.map(() => 1));
  expect(run.mostAtOnce()).toBe(3);
  expect(run.batches).toHaveLength(1);
  expect(run.batches[0]).toMatchObject({ rendered: 20, failed: 0, publishes: 1 });
  expect(run.queue.size).toBe(0);
});

test("a failed render is tried again until it succeeds; one that never does is given up after the last retry", async () => {
  const run = queueWith((path, attempt) => (path === "/flaky" ? attempt >= 3 : path !== "/down"));
  run.queue.add(["/flaky", "/down", "/fine"]);
  await run.queue.idle();
  expect(run.attempts.get("/flaky")).toBe(3);
  expect(run.attempts.get("/down")).toBe(4);
  expect(run.attempts.get("/fine")).toBe(1);
  expect(run.batches).toEqual([expect.objectContaining({ rendered: 2, failed: 1 })]);
});

test("a render that throws counts as failed, not as a crash", async () => {
  const run = queueWith((_, attempt) => {
    if (attempt === 1) throw new Error("socket hang up");
    return true;
  });
  run.queue.add(["/"]);
  await run.queue.idle();
  expect(run.batches).toEqual([expect.objectContaining({ rendered: 1, failed: 0 })]);
});

test("pages added while a batch runs join it, and a page added again is rendered again", async () => {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const run = queueWith(async (path, attempt) => {
    if (path === "/" && attempt === 1) await gate;
    return true;
  }, 1);
  run.queue.add(["/"]);
  await new Promise((resolve) => setTimeout(resolve, 10));
  run.queue.add(["/contact", "/"]);
  release();
  await run.queue.idle();
  expect(run.attempts.get("/")).toBe(2);
  expect(run.attempts.get("/contact")).toBe(1);
  // The render that began before the second publish does not count: its page was rendered again.
  expect(run.batches).toEqual([expect.objectContaining({ rendered: 2, failed: 0, publishes: 2 })]);
});

/** A queue that renders every page at once, one at a time, recording each, reporting to `onSettled`. */
function recordingQueue(onSettled: (batch: SettledBatch) => void | Promise<void>) {
  const rendered: string[] = [];
  const reportFailures: unknown[] = [];
  const queue = new RerenderQueue({
    concurrency: 1,
    retryDelaysMs: [],
    render: async (path) => {
      rendered.push(path);
      return true;
    },
    onSettled,
    onReportFailed: (error) => void reportFailures.push(error),
  });
  return { queue, rendered, reportFailures };
}

test("pages added while a settled batch is reported (the proxies being purged) are rendered, in a batch of their own", async () => {
  const batches: SettledBatch[] = [];
  let release: () => void = () => undefined;
  const purging = new Promise<void>((resolve) => (release = resolve));
  const { queue, rendered } = recordingQueue(async (batch) => {
    batches.push(batch);
    if (batches.length === 1) await purging;
  });
  queue.add(["/"]);
  while (batches.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
  queue.add(["/contact"]);
  release();
  await queue.idle();
  expect(rendered).toEqual(["/", "/contact"]);
  expect(queue.size).toBe(0);
  expect(batches).toEqual([
    expect.objectContaining({ rendered: 1, failed: 0, publishes: 1 }),
    expect.objectContaining({ rendered: 1, failed: 0, publishes: 1 }),
  ]);
});

test("a page added at any moment of the loop's end (a webhook's continuation among its microtasks) is rendered", async () => {
  const hops = (count: number, then: () => void) =>
    count === 0 ? then() : queueMicrotask(() => hops(count - 1, then));
  for (let depth = 0; depth < 12; depth++) {
    let settled = 0;
    const { queue, rendered } = recordingQueue(() => {
      settled += 1;
      if (settled === 1) hops(depth, () => queue.add(["/contact"]));
    });
    queue.add(["/"]);
    while (settled < 1) await new Promise((resolve) => setTimeout(resolve, 1));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await queue.idle();
    expect({ depth, rendered, waiting: queue.size }).toEqual({
      depth,
      rendered: ["/", "/contact"],
      waiting: 0,
    });
  }
});

test("a report that fails is told once and the queue goes on: the pages added meanwhile are rendered", async () => {
  let reports = 0;
  const { queue, rendered, reportFailures } = recordingQueue(() => {
    reports += 1;
    if (reports > 1) return;
    queue.add(["/contact"]);
    throw new Error("the purge failed");
  });
  queue.add(["/"]);
  await queue.idle();
  expect(rendered).toEqual(["/", "/contact"]);
  expect(queue.size).toBe(0);
  expect(reportFailures).toEqual([new Error("the purge failed")]);
  expect(reports).toBe(2);
});
