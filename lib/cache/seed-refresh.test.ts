import { seedRefreshes } from "@/lib/cache/seed-refresh.mjs";

/** A render that settles when the test says. */
function pending() {
  let settle!: (rendered: boolean) => void;
  const promise = new Promise<boolean>((resolve) => (settle = resolve));
  return { promise, settle };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("one render per page at a time, whatever the number of visitors meeting its seed", async () => {
  const refresh = seedRefreshes({ waitMs: 1_000, backoffMs: 1_000 });
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
    const refresh = seedRefreshes({ waitMs: 1_000, backoffMs: 100 });
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
  const refresh = seedRefreshes({ waitMs: 1_000, backoffMs: 1_000 });
  await expect(refresh.rendered("/fr/works", () => undefined)).resolves.toBe(false);
  await expect(refresh.rendered("/fr/works", () => Promise.resolve(true))).resolves.toBe(true);
});
