import { contentGraceMs, createOutageClock } from "@/lib/health/outage-clock";

describe("createOutageClock", () => {
  it("counts from the first failed check until the next success", () => {
    let now = 1_000;
    const clock = createOutageClock(() => now);
    expect(clock.observe(true)).toBe(0);
    expect(clock.observe(false)).toBe(0);
    now += 4_000;
    expect(clock.observe(false)).toBe(4_000);
    now += 1_000;
    expect(clock.observe(true)).toBe(0);
    now += 1_000;
    expect(clock.observe(false)).toBe(0);
  });
});

describe("contentGraceMs", () => {
  it("defaults to a minute and reads HEALTH_CONTENT_GRACE_SECONDS", () => {
    expect(contentGraceMs({})).toBe(60_000);
    expect(contentGraceMs({ HEALTH_CONTENT_GRACE_SECONDS: "2.5" })).toBe(2_500);
  });

  it("names the variable when its value is not a number of seconds", () => {
    expect(() => contentGraceMs({ HEALTH_CONTENT_GRACE_SECONDS: "soon" })).toThrow(
      'HEALTH_CONTENT_GRACE_SECONDS must be a number of seconds, got "soon"',
    );
  });
});
