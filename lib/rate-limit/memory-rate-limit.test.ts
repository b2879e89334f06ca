import { createRateLimiter } from "./memory-rate-limit";

describe("the per-instance rate limit", () => {
  it("limits each client to its count per window, then lets it send again", () => {
    const limiter = createRateLimiter({ max: 2, windowMs: 1000 });
    expect(limiter.take("a", 0)).toBe(true);
    expect(limiter.take("a", 100)).toBe(true);
    expect(limiter.take("a", 200)).toBe(false);
    expect(limiter.take("b", 200)).toBe(true);
    expect(limiter.take("a", 1001)).toBe(true);
  });

  it("keeps memory bounded when many clients write", () => {
    const limiter = createRateLimiter({ max: 1, windowMs: 60_000 }, 3);
    for (const client of ["a", "b", "c", "d"]) limiter.take(client, 0);
    // "a" was dropped as the oldest, so it may send again; "d" may not.
    expect(limiter.take("a", 1)).toBe(true);
    expect(limiter.take("d", 1)).toBe(false);
  });
});
