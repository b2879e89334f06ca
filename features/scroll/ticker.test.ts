/**
 * @jest-environment jsdom
 */
import { createResizeSource, RESIZE_DEBOUNCE_MS } from "./resize";
import { createScrollStore } from "./scroll-state";
import { createTicker } from "./ticker";

/** A hand-driven requestAnimationFrame. */
function frames() {
  let queue = new Map<number, FrameRequestCallback>();
  let next = 1;
  return {
    request: (callback: FrameRequestCallback) => {
      queue.set(next, callback);
      return next++;
    },
    cancel: (handle: number) => void queue.delete(handle),
    pending: () => queue.size,
    run(time: number) {
      const current = queue;
      queue = new Map();
      for (const callback of current.values()) callback(time);
    },
  };
}

describe("shared ticker", () => {
  it("runs one frame loop for every subscriber, in order, with the time since the last frame", () => {
    const raf = frames();
    const ticker = createTicker(raf.request, raf.cancel);
    const calls: string[] = [];
    ticker.add((time, delta) => calls.push(`late ${time} ${delta}`), 10);
    ticker.add((time, delta) => calls.push(`early ${time} ${delta}`), -10);
    expect(raf.pending()).toBe(1);
    raf.run(1000);
    raf.run(1016);
    expect(calls).toEqual(["early 1000 0", "late 1000 0", "early 1016 16", "late 1016 16"]);
    expect(raf.pending()).toBe(1);
  });

  it("stops the loop when the last subscriber leaves, and unsubscribes exactly one", () => {
    const raf = frames();
    const ticker = createTicker(raf.request, raf.cancel);
    const first = jest.fn();
    const second = jest.fn();
    const removeFirst = ticker.add(first);
    const removeSecond = ticker.add(second);
    raf.run(0);
    removeFirst();
    raf.run(16);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
    removeSecond();
    expect(ticker.size).toBe(0);
    expect(raf.pending()).toBe(0);
  });
});

describe("shared resize source", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("emits the viewport size once per burst of resize events", () => {
    const resize = createResizeSource(window);
    const seen = jest.fn();
    const stop = resize.subscribe(seen);
    for (let i = 0; i < 5; i++) window.dispatchEvent(new Event("resize"));
    jest.advanceTimersByTime(RESIZE_DEBOUNCE_MS - 1);
    expect(seen).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(seen).toHaveBeenCalledTimes(1);
    expect(seen).toHaveBeenCalledWith({ width: window.innerWidth, height: window.innerHeight });
    stop();
  });

  it("listens to the window only while someone subscribes", () => {
    const add = jest.spyOn(window, "addEventListener");
    const remove = jest.spyOn(window, "removeEventListener");
    const resize = createResizeSource(window);
    const stopA = resize.subscribe(() => {});
    const stopB = resize.subscribe(() => {});
    expect(add.mock.calls.filter(([type]) => type === "resize")).toHaveLength(1);
    stopA();
    expect(remove.mock.calls.filter(([type]) => type === "resize")).toHaveLength(0);
    stopB();
    expect(remove.mock.calls.filter(([type]) => type === "resize")).toHaveLength(1);
    add.mockRestore();
    remove.mockRestore();
  });
});

describe("scroll state store", () => {
  it("tells subscribers about real changes only", () => {
    const store = createScrollStore();
    const seen = jest.fn();
    store.subscribe(seen);
    store.set({ current: 0, locked: false });
    expect(seen).not.toHaveBeenCalled();
    store.set({ current: 120, target: 400 });
    expect(seen).toHaveBeenCalledWith(
      expect.objectContaining({ current: 120, target: 400, ratio: 0.1, precision: 0 }),
    );
  });
});
