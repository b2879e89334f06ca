import { scrapeProbe } from "@/lib/metrics/scrape-probe.mjs";

function recordingLog() {
  const lines: string[] = [];
  return {
    lines,
    log: {
      warn: (line: string) => lines.push(`warn ${line}`),
      info: (line: string) => lines.push(`info ${line}`),
    },
  };
}

describe("a look taken at scrape time", () => {
  test("its value, or its failure as a reason: never a rejection", async () => {
    const { log } = recordingLog();
    let fail = false;
    const probe = scrapeProbe(
      async () => {
        if (fail)
          throw Object.assign(new Error("EACCES: permission denied,\n scandir '/x'"), { code: "EACCES" });
        return 3;
      },
      { timeoutMs: 1000, what: "reading x", log },
    );
    await expect(probe()).resolves.toEqual({ ok: true, value: 3 });
    fail = true;
    await expect(probe()).resolves.toEqual({ ok: false, reason: "EACCES: permission denied, scandir '/x'" });
  });

  test("a synchronous throw is a failure too", async () => {
    const { log } = recordingLog();
    const probe = scrapeProbe(
      () => {
        throw new Error("hooks not set");
      },
      { timeoutMs: 1000, what: "reading x", log },
    );
    await expect(probe()).resolves.toEqual({ ok: false, reason: "hooks not set" });
  });

  test("a look that hangs fails at its deadline, and the next scrapes share it instead of starting more", async () => {
    const { log } = recordingLog();
    let started = 0;
    let finish: (value: number) => void = () => undefined;
    const probe = scrapeProbe(
      () => {
        started += 1;
        return new Promise<number>((resolve) => (finish = resolve));
      },
      { timeoutMs: 50, what: "reading x", log },
    );
    const before = Date.now();
    const outcomes = await Promise.all([probe(), probe(), probe()]);
    expect(Date.now() - before).toBeLessThan(1000);
    expect(outcomes).toEqual(Array(3).fill({ ok: false, reason: "no answer within 50 ms" }));
    await expect(probe()).resolves.toEqual({ ok: false, reason: "no answer within 50 ms" });
    expect(started).toBe(1);
    // Once it answers, the next scrape starts a new look.
    finish(7);
    await new Promise((resolve) => setImmediate(resolve));
    const next = probe();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toBe(2);
    finish(2);
    await expect(next).resolves.toEqual({ ok: true, value: 2 });
  });

  test("a change of outcome is logged once each way, not once per scrape", async () => {
    const { lines, log } = recordingLog();
    const sequence = [true, false, false, false, true, true, false];
    let index = 0;
    const probe = scrapeProbe(
      async () => {
        if (!sequence[index++]) throw new Error("ENOSPC: no space left on device");
        return 1;
      },
      { timeoutMs: 1000, what: "writing into the contact outbox", log },
    );
    for (let i = 0; i < sequence.length; i++) await probe();
    expect(lines).toEqual([
      "warn [metrics] writing into the contact outbox failed: ENOSPC: no space left on device",
      "info [metrics] writing into the contact outbox works again",
      "warn [metrics] writing into the contact outbox failed: ENOSPC: no space left on device",
    ]);
  });
});
