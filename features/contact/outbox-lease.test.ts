/**
 * The lease on a queued message, on real files: one holder at a time, and a lease that ends by its
 * time, by its holder's release, or at once when its holder on this machine is dead (a real child
 * process, killed).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";

import fc from "fast-check";

import { tempDirsPerTest } from "@/test-support/per-test";

import {
  holdLease,
  isLeased,
  isLeaseOver,
  LEFT_BEHIND_MS,
  processStartTime,
  releaseLease,
  renewLease,
  takeLease,
  TAKEOVER_MS,
  THIS_PROCESS,
  type Holder,
  type Lease,
} from "./outbox-lease";

const children: ChildProcess[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await new Promise((resolve) => child.once("exit", resolve));
    }
  }
});

const tempDir = tempDirsPerTest("outbox-lease-");

/** A process of this machine that sleeps until it is killed. */
async function sleeper(): Promise<{ pid: number; kill(): Promise<void> }> {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 60_000); console.log('up')"], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  children.push(child);
  await new Promise((resolve) => child.stdout?.once("data", resolve));
  if (child.pid === undefined) throw new Error("the sleeping child did not start");
  return {
    pid: child.pid,
    kill: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      // Reaped once Node reports the exit: only then is the pid gone.
      await exited;
    },
  };
}

/** A holder on this machine with another pid (the lease a child process would take). */
function holderOf(pid: number, host = THIS_PROCESS.host): Holder {
  return { ...THIS_PROCESS, host, pid, started: processStartTime(pid) ?? undefined };
}

const HOUR = 60 * 60 * 1000;

/** What the lease file says of a lease: all but the holder's own note of its takeover's mark. */
function recordOf(lease: Lease | null | undefined) {
  if (!lease) throw new Error("a lease was expected");
  const record: Partial<Lease> = { ...lease };
  delete record.takeoverMark;
  return record;
}

/** The folder's names but the lease itself: what a taker left behind. */
/**
 * What a take left beside the lease: nothing but the mark of a takeover, which stays until the
 * message is done (outbox.ts removes it) so that no late taker can replace the same ended lease.
 */
async function leftovers(dir: string): Promise<string[]> {
  return (await fs.readdir(dir)).filter(
    (name) => name !== "m.lease" && !name.startsWith("m.lease.takeover-"),
  );
}

describe("takeLease", () => {
  it("of takers at once on a free message, exactly one wins, and the file names it", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 20 }), async (count) => {
        const dir = await tempDir();
        const file = path.join(dir, "m.lease");
        const taken = await Promise.all(Array.from({ length: count }, () => takeLease(file, HOUR)));
        const winners = taken.filter((lease) => lease !== null);
        expect(winners).toHaveLength(1);
        expect(JSON.parse(await fs.readFile(file, "utf8"))).toEqual(recordOf(winners[0]));
        expect(await leftovers(dir)).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });

  it("of two takers at once on a lease that has ended, exactly one wins", async () => {
    const dead = await sleeper();
    await dead.kill();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("expired", "dead holder", "garbage"), async (ended) => {
        const dir = await tempDir();
        const file = path.join(dir, "m.lease");
        if (ended === "garbage") await fs.writeFile(file, '{"host":');
        else if (ended === "expired") await takeLease(file, 1, Date.now() - HOUR);
        else await takeLease(file, HOUR, Date.now(), holderOf(dead.pid));
        const taken = await Promise.all([takeLease(file, HOUR), takeLease(file, HOUR)]);
        const winners = taken.filter((lease) => lease !== null);
        expect(winners).toHaveLength(1);
        expect(JSON.parse(await fs.readFile(file, "utf8"))).toEqual(recordOf(winners[0]));
        expect(await leftovers(dir)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it("of many takers at once on a lease that has ended, exactly one wins (one takeover per ended lease)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 3, max: 20 }), async (count) => {
        const dir = await tempDir();
        const file = path.join(dir, "m.lease");
        await takeLease(file, 1, Date.now() - HOUR);
        const taken = await Promise.all(Array.from({ length: count }, () => takeLease(file, HOUR)));
        const winners = taken.filter((lease) => lease !== null);
        expect(winners).toHaveLength(1);
        expect(JSON.parse(await fs.readFile(file, "utf8"))).toEqual(recordOf(winners[0]));
        expect(await leftovers(dir)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it("is not taken while it holds, even by its own process, and is taken over once its time is up", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "m.lease");
    const first = await takeLease(file, 150);
    expect(first).not.toBeNull();
    await expect(takeLease(file, HOUR)).resolves.toBeNull();
    await expect(isLeased(file)).resolves.toBe(true);

    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(isLeased(file)).resolves.toBe(false);
    const second = await takeLease(file, HOUR);
    expect(second).not.toBeNull();
    expect(second?.nonce).not.toBe(first?.nonce);
    await expect(isLeased(file)).resolves.toBe(true);
  });

  it("is taken at once from a holder of this machine that died, never from one that runs", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "m.lease");
    const child = await sleeper();
    const childs = await takeLease(file, HOUR, Date.now(), holderOf(child.pid));
    expect(childs).toMatchObject({ pid: child.pid, host: os.hostname() });

    await expect(takeLease(file, HOUR)).resolves.toBeNull();
    await expect(isLeased(file)).resolves.toBe(true);

    await child.kill();
    await expect(isLeased(file)).resolves.toBe(false);
    await expect(takeLease(file, HOUR)).resolves.toMatchObject({ pid: process.pid });
  });

  it("judges another machine's lease by its time only", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "m.lease");
    const dead = await sleeper();
    await dead.kill();
    // A pid that is dead here says nothing of a process on another machine.
    const elsewhere = holderOf(dead.pid, "elsewhere.example");
    await takeLease(file, HOUR, Date.now(), elsewhere);
    await expect(takeLease(file, HOUR)).resolves.toBeNull();

    await fs.rm(file);
    await takeLease(file, 1, Date.now() - HOUR, elsewhere);
    await expect(takeLease(file, HOUR)).resolves.toMatchObject({ pid: process.pid });
  });

  it("treats a half-written or meaningless lease file as ended", async () => {
    const whole = `${JSON.stringify({ host: os.hostname(), pid: process.pid, nonce: "0123456789abcdef", until: Date.now() + HOUR })}`;
    const content = fc.oneof(
      // Cut anywhere before its closing brace.
      fc.integer({ min: 0, max: whole.length - 1 }).map((length) => whole.slice(0, length)),
      fc.string(),
      fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString("latin1")),
      fc.constantFrom("null", "[]", "{}", '{"host":"h","pid":"1","nonce":"n","until":9e15}'),
    );
    await fc.assert(
      fc.asyncProperty(content, async (text) => {
        const file = path.join(await tempDir(), "m.lease");
        await fs.writeFile(file, text);
        await expect(isLeased(file)).resolves.toBe(false);
        const lease = await takeLease(file, HOUR);
        expect(lease).not.toBeNull();
        expect(JSON.parse(await fs.readFile(file, "utf8"))).toEqual(recordOf(lease));
      }),
      { numRuns: 100 },
    );
  });
});

describe("releaseLease", () => {
  it("ends its own lease, and leaves one someone else took over", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "m.lease");
    const first = await takeLease(file, 1, Date.now() - HOUR);
    const second = await takeLease(file, HOUR);
    if (!first || !second) throw new Error("both leases should have been taken");

    // The first holder finishes late, after its lease ended and was taken over.
    await releaseLease(file, first);
    await expect(isLeased(file)).resolves.toBe(true);
    expect(JSON.parse(await fs.readFile(file, "utf8"))).toEqual(recordOf(second));
    await expect(takeLease(file, HOUR)).resolves.toBeNull();

    await releaseLease(file, second);
    await expect(isLeased(file)).resolves.toBe(false);
    await expect(leftovers(dir)).resolves.toEqual([]);
    await expect(takeLease(file, HOUR)).resolves.not.toBeNull();
  });

  it("reads the lease again when a read fails, and says so when it keeps failing", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "m.lease");
    const lease = await takeLease(file, HOUR);
    if (!lease) throw new Error("the lease should have been taken");
    const readFile = fs.readFile.bind(fs);
    let failures = 2;
    const reads = jest.spyOn(fs, "readFile").mockImplementation(async (...args) => {
      if (String(args[0]) === file && failures-- > 0)
        throw Object.assign(new Error("EMFILE: too many open files"), { code: "EMFILE" });
      return readFile(...(args as Parameters<typeof readFile>));
    });
    try {
      await releaseLease(file, lease);
      await expect(fs.readdir(dir)).resolves.toEqual([]);

      const again = await takeLease(file, HOUR);
      if (!again) throw new Error("the lease should have been taken again");
      failures = 3;
      await expect(releaseLease(file, again)).rejects.toThrow("EMFILE");
      await expect(fs.readdir(dir)).resolves.toEqual(["m.lease"]);
    } finally {
      reads.mockRestore();
    }
  });

  it("does nothing when the lease is gone", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "m.lease");
    const lease = await takeLease(file, HOUR);
    if (!lease) throw new Error("the lease should have been taken");
    await fs.rm(file);
    await expect(releaseLease(file, lease)).resolves.toBeUndefined();
    await expect(fs.readdir(dir)).resolves.toEqual([]);
  });
});

describe("isLeaseOver", () => {
  const here = holderOf(1000);
  const alive = new Map([
    [1000, "1"],
    [2000, "2"],
  ]);
  const judge: Holder = {
    ...here,
    isAlive: (pid, started) => alive.has(pid) && (started === undefined || alive.get(pid) === started),
  };
  const now = 1_000_000;
  const lease = (pid: number, until: number, host = here.host, started?: string) => ({
    host,
    pid,
    nonce: "n",
    until,
    ...(started === undefined ? {} : { started }),
  });

  it("holds while its holder of this machine runs, whatever the clock says; elsewhere until its time", () => {
    expect(isLeaseOver(null, now, judge)).toBe(true);
    // Another process of this machine: its life decides, not the time (a clock stepped forward, a
    // send that takes longer than the lease).
    expect(isLeaseOver(lease(2000, now + 1), now, judge)).toBe(false);
    expect(isLeaseOver(lease(2000, now - 12 * 60_000, here.host, "2"), now, judge)).toBe(false);
    expect(isLeaseOver(lease(3000, now + HOUR), now, judge)).toBe(true);
    // Left behind by a running process (a release that failed): not renewed for an hour past its
    // time, it holds no send.
    expect(isLeaseOver(lease(2000, now - LEFT_BEHIND_MS, here.host, "2"), now, judge)).toBe(false);
    expect(isLeaseOver(lease(2000, now - LEFT_BEHIND_MS - 1, here.host, "2"), now, judge)).toBe(true);
    // Its pid now belongs to a process that started at another time: the holder is gone.
    expect(isLeaseOver(lease(2000, now + HOUR, here.host, "7"), now, judge)).toBe(true);
    // Another machine: its time only (a pid there says nothing here).
    expect(isLeaseOver(lease(3000, now + HOUR, "elsewhere"), now, judge)).toBe(false);
    expect(isLeaseOver(lease(3000, now - 1, "elsewhere"), now, judge)).toBe(true);
    expect(isLeaseOver(lease(2000, now, "elsewhere"), now, judge)).toBe(true);
    // Its own: held until its time, whatever isAlive says (it renews what it still uses).
    expect(isLeaseOver(lease(1000, now + 1), now, { ...judge, isAlive: () => false })).toBe(false);
    expect(isLeaseOver(lease(1000, now), now, judge)).toBe(true);
  });

  it("tells a running process from a pid it no longer owns (the kernel's start time)", async () => {
    const child = await sleeper();
    // Linux's /proc (where the site runs, and these tests).
    const started = processStartTime(child.pid) ?? "";
    expect(started).toMatch(/^\d+$/);
    expect(THIS_PROCESS.isAlive(child.pid, started)).toBe(true);
    expect(THIS_PROCESS.isAlive(child.pid, `${started}0`)).toBe(false);
    await child.kill();
    expect(processStartTime(child.pid)).toBeNull();
    expect(THIS_PROCESS.isAlive(child.pid, started)).toBe(false);
  });
});

describe("a takeover whose taker died", () => {
  it("does not block the message: the next taker wins, and of several, one", async () => {
    const dead = await sleeper();
    const deadTaker = holderOf(dead.pid);
    await dead.kill();
    const live = await sleeper();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 8 }),
        fc.boolean(),
        async (deadMarks, count, lastIsOld) => {
          const dir = await tempDir();
          const file = path.join(dir, "m.lease");
          const ended = await takeLease(file, 1, Date.now() - HOUR);
          if (!ended) throw new Error("the first lease should have been taken");
          // Takers killed between their mark and their lease, one after the other.
          for (let taker = 0; taker < deadMarks; taker += 1) {
            const mark = `${file}.takeover-${ended.nonce}-${taker}`;
            const last = taker === deadMarks - 1 && lastIsOld;
            // The last may be a live process's that has been at it far too long.
            const by = last ? holderOf(live.pid) : deadTaker;
            await fs.writeFile(mark, JSON.stringify({ ...by, nonce: `d${taker}`, until: 0 }));
            if (last) {
              const old = new Date(Date.now() - TAKEOVER_MS - 60_000);
              await fs.utimes(mark, old, old);
            }
          }
          const taken = await Promise.all(Array.from({ length: count }, () => takeLease(file, HOUR)));
          const winners = taken.filter((lease) => lease !== null);
          expect(winners).toHaveLength(1);
          expect(JSON.parse(await fs.readFile(file, "utf8"))).toEqual(recordOf(winners[0]));
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);

  it("a taker at work (its mark fresh, its process running) is not overtaken", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "m.lease");
    const ended = await takeLease(file, 1, Date.now() - HOUR);
    if (!ended) throw new Error("the first lease should have been taken");
    const live = await sleeper();
    await fs.writeFile(
      `${file}.takeover-${ended.nonce}-0`,
      JSON.stringify({ ...holderOf(live.pid), nonce: "t", until: Date.now() + TAKEOVER_MS }),
    );
    await expect(takeLease(file, HOUR)).resolves.toBeNull();
  });
});

describe("renewing a lease", () => {
  it("keeps a lease held past its length while its holder works, and lets it end once it stops", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "m.lease");
    // Held as a process of another machine would hold it: by its time alone.
    const elsewhere = holderOf(process.pid, "elsewhere.example");
    const lease = await takeLease(file, 300, Date.now(), elsewhere);
    if (!lease) throw new Error("the lease should have been taken");
    const held = holdLease(file, lease, 300);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await expect(takeLease(file, HOUR)).resolves.toBeNull();
    expect(held.current().nonce).not.toBe(lease.nonce);
    await held.stop();
    await new Promise((resolve) => setTimeout(resolve, 400));
    await expect(takeLease(file, HOUR)).resolves.toMatchObject({ pid: process.pid });
  });

  it("is refused once someone else holds the file, and changes nothing", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "m.lease");
    const first = await takeLease(file, 1, Date.now() - HOUR);
    const second = await takeLease(file, HOUR);
    if (!first || !second) throw new Error("both leases should have been taken");
    await expect(renewLease(file, first, HOUR)).resolves.toBeNull();
    expect(JSON.parse(await fs.readFile(file, "utf8"))).toEqual(recordOf(second));
    await expect(leftovers(dir)).resolves.toEqual([]);
  });
});
