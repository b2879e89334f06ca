/**
 * One source of viewport size changes (the site's `resize` event): a single,
 * debounced window listener while anyone subscribes.
 */
export interface ViewportSize {
  width: number;
  height: number;
}

export type ResizeCallback = (size: ViewportSize) => void;

export interface ResizeSource {
  subscribe(callback: ResizeCallback): () => void;
  readonly size: number;
}

export const RESIZE_DEBOUNCE_MS = 150;

export function createResizeSource(target: Window = window, debounceMs = RESIZE_DEBOUNCE_MS): ResizeSource {
  const callbacks = new Set<ResizeCallback>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const emit = () => {
    timer = undefined;
    const size = { width: target.innerWidth, height: target.innerHeight };
    for (const callback of [...callbacks]) callback(size);
  };
  const onResize = () => {
    clearTimeout(timer);
    timer = setTimeout(emit, debounceMs);
  };

  return {
    subscribe(callback) {
      if (callbacks.size === 0) target.addEventListener("resize", onResize);
      callbacks.add(callback);
      return () => {
        callbacks.delete(callback);
        if (callbacks.size === 0) {
          target.removeEventListener("resize", onResize);
          clearTimeout(timer);
          timer = undefined;
        }
      };
    },
    get size() {
      return callbacks.size;
    },
  };
}
