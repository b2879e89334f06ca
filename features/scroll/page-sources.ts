/**
 * The page's one ticker and one resize source, created on first use in the
 * browser (never on the server).
 */
import { createResizeSource, type ResizeSource } from "./resize";
import { createTicker, type Ticker } from "./ticker";

let ticker: Ticker | undefined;
let resize: ResizeSource | undefined;

export function sharedTicker(): Ticker {
  ticker ??= createTicker();
  return ticker;
}

export function sharedResize(): ResizeSource {
  resize ??= createResizeSource();
  return resize;
}
