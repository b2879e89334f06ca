import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

import { provideRerenderAccess, renderAnew } from "@/lib/cache/rerender-handoff.mjs";
import { seedRefreshes } from "@/lib/cache/seed-refresh.mjs";

/** A render that settles when the test says. */
function pending() {
  let settle!: (rendered: boolean) => void;
  const promise = new Promise<boolean>((resolve) => (settle = resolve));
  return { promise, settle };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * npm start's front, rendering each page it is asked for in `renderMs`: counts what it is asked,
 * what it answered, and the requests whose asker left before the answer.
 */
async function front(renderMs: number) {
  const counts = { asked: 0, answered: 0, leftBefore: 0 };
  const server = createServer((request, response) => {
    counts.asked += 1;
    const rendering = setTimeout(() => {
      counts.answered += 1;
      response.writeHead(200, { "content-type": "text/html" }).end("<!DOCTYPE html>");
    }, renderMs);
    response.on("close", () => {
      clearTimeout(rendering);
      if (!response.writableFinished) counts.leftBefore += 1;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const scope = {};
  provideRerenderAccess(scope, {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    token: "token",
  });
  /** The cache handler's render: asked of the front at the page's public URL. */
  const render = (timeoutMs: number) =>
    renderAnew(scope, "/works", timeoutMs).then((outcome) => outcome?.rendered === true);
  const close = () => {
    const closed = new Promise((resolve) => server.close(resolve));
    // A render still under way ends with the test.
    server.closeAllConnections();
    return closed;
  };
  return { counts, render, close };
}

test("one render per page at a time, whatever the number of visitors meeting its seed", async () => {
  const refresh = seedRefreshes({ waitMs: 1_000, settleMs: 5_000, backoffMs: 1_000 });
  const works = pending();
  const render = jest.fn(() => works.promise);
  const visitors = [1, 2, 3].map(() => refresh.rendered("/fr/works", render));
  const other = refresh.rendered("/fr/legals", () => Promise.resolve(true));
  works.settle(true);
  await expect(Promise.all(visitors)).resolves.toEqual([true, true, true]);
  await expect(other).resolves.toBe(true);
  expect(render).toHaveBeenCalledTimes(1);
});

test.each([
  ["answers that it was not rendered", () => Promise.resolve(false)],
  ["fails", () => Promise.reject(new Error("timed out"))],
])(
  "after a render that %s, the page's visitors take the seed without asking, for a while",
  async (_, failed) => {
    const refresh = seedRefreshes({ waitMs: 1_000, settleMs: 5_000, backoffMs: 100 });
    await expect(refresh.rendered("/fr/works", failed)).resolves.toBe(false);
    const render = jest.fn(() => Promise.resolve(true));
    await expect(refresh.rendered("/fr/works", render)).resolves.toBe(false);
    await expect(refresh.rendered("/fr/legals", render)).resolves.toBe(true);
    await pause(150);
    await expect(refresh.rendered("/fr/works", render)).resolves.toBe(true);
    expect(render).toHaveBeenCalledTimes(2);
  },
);

test("with nothing to ask (no URL to ask it at), the seed, and the next visitor may ask", async () => {
  const refresh = seedRefreshes({ waitMs: 1_000, settleMs: 5_000, backoffMs: 1_000 });
  await expect(refresh.rendered("/fr/works", () => undefined)).resolves.toBe(false);
  await expect(refresh.rendered("/fr/works", () => Promise.resolve(true))).resolves.toBe(true);
});

describe("a render slower than a visitor's wait", () => {
  test("the visitor takes the seed in time, and the render keeps its page's place until the server answers", async () => {
    const server = await front(800);
    try {
      const refresh = seedRefreshes({ waitMs: 50, settleMs: 5_000, backoffMs: 50 });
      const started = Date.now();
      await expect(refresh.rendered("/fr/works", server.render)).resolves.toBe(false);
      expect(Date.now() - started).toBeLessThan(500);
      // Past the first visitor's wait and any pause after a failure: the render goes on, and no
      // other is asked meanwhile.
      await pause(200);
      await expect(refresh.rendered("/fr/works", server.render)).resolves.toBe(false);
      expect(server.counts).toEqual({ asked: 1, answered: 0, leftBefore: 0 });
      await pause(1_000);
      expect(server.counts).toEqual({ asked: 1, answered: 1, leftBefore: 0 });
    } finally {
      await server.close();
    }
  });

  test("visitors meeting a render under way wait what is left of the first one's wait, not a wait each", async () => {
    const server = await front(1_500);
    try {
      const refresh = seedRefreshes({ waitMs: 400, settleMs: 5_000, backoffMs: 50 });
      const started = Date.now();
      const first = refresh.rendered("/fr/works", server.render);
      await pause(300);
      await expect(refresh.rendered("/fr/works", server.render)).resolves.toBe(false);
      await expect(first).resolves.toBe(false);
      // 400 ms in all; a wait each would be 700.
      expect(Date.now() - started).toBeLessThan(600);
      expect(server.counts.asked).toBe(1);
    } finally {
      await server.close();
    }
  });

  test("a render that never answers gives its place up past the bound, as a failure", async () => {
    const server = await front(60_000);
    try {
      const refresh = seedRefreshes({ waitMs: 50, settleMs: 300, backoffMs: 400 });
      await expect(refresh.rendered("/fr/works", server.render)).resolves.toBe(false);
      // Given up at 300 ms, then the pause after a failure until 700 ms.
      await pause(350);
      await expect(refresh.rendered("/fr/works", server.render)).resolves.toBe(false);
      expect(server.counts).toEqual({ asked: 1, answered: 0, leftBefore: 1 });
      await pause(400);
      await expect(refresh.rendered("/fr/works", server.render)).resolves.toBe(false);
      expect(server.counts.asked).toBe(2);
    } finally {
      await server.close();
    }
  });
});
