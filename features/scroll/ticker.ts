/**
 * One requestAnimationFrame loop for everything that animates (the site's
 * `ticker` event): Lenis and any component subscribe to it; the loop runs only
 * while someone listens.
 */
export type TickerCallback = (time: number, deltaTime: number) => void;

export interface Ticker {
  /** Calls `callback` every frame, lower `order` first; returns the unsubscribe function. */
  add(callback: TickerCallback, order?: number): () => void;
  readonly size: number;
}

export function createTicker(
  requestFrame: (callback: FrameRequestCallback) => number = (callback) => requestAnimationFrame(callback),
  cancelFrame: (handle: number) => void = (handle) => cancelAnimationFrame(handle),
): Ticker {
  let listeners: Array<{ callback: TickerCallback; order: number }> = [];
  let frame: number | null = null;
  let last: number | null = null;

  const tick = (time: number) => {
    const delta = last === null ? 0 : time - last;
    last = time;
    frame = requestFrame(tick);
    for (const { callback } of [...listeners]) callback(time, delta);
  };

  return {
    add(callback, order = 0) {
      const entry = { callback, order };
      listeners = [...listeners, entry].sort((a, b) => a.order - b.order);
      if (frame === null) frame = requestFrame(tick);
      return () => {
        listeners = listeners.filter((candidate) => candidate !== entry);
        if (listeners.length === 0 && frame !== null) {
          cancelFrame(frame);
          frame = null;
          last = null;
        }
      };
    },
    get size() {
      return listeners.length;
    },
  };
}
