import fc from "fast-check";

import { isDeliberateRepeat, REPEAT_SIGNAL_MS } from "@/lib/process/signals.mjs";

test("a repeat within the echo window is the same Ctrl-C; one after it is a person asking again", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 2 ** 40 }),
      fc.integer({ min: 0, max: 10_000 }),
      (firstAt, after) => {
        expect(isDeliberateRepeat(firstAt, firstAt + after)).toBe(after >= REPEAT_SIGNAL_MS);
      },
    ),
    { seed: 2 },
  );
});
