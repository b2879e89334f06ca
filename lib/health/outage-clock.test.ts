import { parseEnv } from "@/lib/env/env";
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
    expect(contentGraceMs(parseEnv({}))).toBe(60_000);
    expect(contentGraceMs(parseEnv({ HEALTH_CONTENT_GRACE_SECONDS: "2.5" }))).toBe(2_500);
  });

  it("names the variable when its value is not a number of seconds", () => {
    expect(() => parseEnv({ HEALTH_CONTENT_GRACE_SECONDS: "soon" })).toThrow(
      'Invalid environment: HEALTH_CONTENT_GRACE_SECONDS="soon" is not a number; expected a number of seconds, 0 or more',
    );
  });
});
