// @ts-check
/**
 * The rest of a page, after its head, with given elements taken out as it streams: each one at its
 * first occurrence, in the order given, whatever writes the page arrives cut into. The head's
 * rewrite decides what goes (./scripts-after-paint.mjs: React's entry script, which the head's
 * loader adds instead); this only finds it. An element that never comes leaves the rest as it was.
 *
 * Bytes, not characters: the elements are ASCII markup, and a character cut between two writes
 * passes through unread.
 */

/** @type {Buffer} */
const EMPTY = Buffer.alloc(0);

/**
 * @typedef {{ push: (chunk: Buffer) => Buffer, end: () => Buffer, done: () => boolean }} BodyEdit
 *   `push`: a piece of the page in, what may go out now (a piece's last bytes that may begin an
 *   element are held for the next); `end`: what is still held; `done`: whether every element has
 *   gone and nothing is held (what comes after passes as it is)
 */

/**
 * @param {readonly string[]} elements
 * @returns {BodyEdit}
 */
export function bodyWithout(elements) {
  const pending = elements
    .filter((element) => element.length > 0)
    .map((element) => Buffer.from(element, "latin1"));
  /** @type {Buffer} */
  let held = EMPTY;

  /**
   * How many of `data`'s last bytes `element` may begin with (fewer than its whole).
   * @param {Buffer} data @param {Buffer} element
   */
  const openTail = (data, element) => {
    for (let size = Math.min(element.length - 1, data.length); size > 0; size--)
      if (data.subarray(data.length - size).equals(element.subarray(0, size))) return size;
    return 0;
  };

  return {
    push(chunk) {
      /** @type {Buffer} */
      let data = held.length > 0 ? Buffer.concat([held, chunk]) : chunk;
      held = EMPTY;
      /** @type {Buffer[]} */
      const out = [];
      while (pending.length > 0) {
        const element = /** @type {Buffer} */ (pending[0]);
        const at = data.indexOf(element);
        if (at < 0) {
          const open = openTail(data, element);
          // (a copy: the writer may reuse its buffer once this write has gone below)
          held = Buffer.from(data.subarray(data.length - open));
          data = data.subarray(0, data.length - open);
          break;
        }
        out.push(data.subarray(0, at));
        data = data.subarray(at + element.length);
        pending.shift();
      }
      out.push(data);
      return out.length === 1 ? /** @type {Buffer} */ (out[0]) : Buffer.concat(out);
    },
    done: () => pending.length === 0 && held.length === 0,
    end() {
      const rest = held;
      held = EMPTY;
      return rest;
    },
  };
}
