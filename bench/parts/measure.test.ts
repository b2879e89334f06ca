import { freePort } from "@/test-support/free-port";
import { median, repeat } from "@/bench/parts/measure";

describe("bench helpers", () => {
  it("takes the median of odd and even counts, whatever the order", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNaN();
  });

  it("runs a measurement the asked number of times, in order", async () => {
    let calls = 0;
    await expect(repeat(3, async () => ++calls)).resolves.toEqual([1, 2, 3]);
  });

  it("finds a free loopback port", async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    expect(port).toBeLessThan(65536);
  });
});
