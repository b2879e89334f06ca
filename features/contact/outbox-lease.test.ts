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

import { isLeased, isLeaseOver, releaseLease, takeLease, THIS_PROCESS, type Holder } from "./outbox-lease";

const tempDirs: string[] = [];
const children: ChildProcess[] = [];

async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "outbox-lease-"));
  tempDirs.push(dir);
  return dir;
}

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await new Promise((resolve) => child.once("exit", resolve));
    }
  }
  await Promise.all(tempDirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

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
  return { ...THIS_PROCESS, host, pid };
}

const HOUR = 60 * 60 * 1000;

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
        expect(JSON.parse(await fs.readFile(file, "utf8"))).toEqual(winners[0]);
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
        expect(JSON.parse(await fs.readFile(file, "utf8"))).toEqual(winners[0]);
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
        expect(JSON.parse(await fs.readFile(file, "utf8"))).toEqual(winners[0]);
        expect(await leftovers(dir)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

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
        expect(JSON.parse(await fs.readFile(file, "utf8"))).toEqual(lease);
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
    expect(JSON.parse(await fs.readFile(file, "utf8"))).toEqual(second);
    await expect(takeLease(file, HOUR)).resolves.toBeNull();

    await releaseLease(file, second);
    await expect(isLeased(file)).resolves.toBe(false);
    await expect(leftovers(dir)).resolves.toEqual([]);
    await expect(takeLease(file, HOUR)).resolves.not.toBeNull();
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
  const alive = new Set([1000, 2000]);
  const judge: Holder = { ...here, isAlive: (pid) => alive.has(pid) };
  const now = 1_000_000;
  const lease = (pid: number, until: number, host = here.host) => ({ host, pid, nonce: "n", until });

  it("ends at its time, or with its holder of this machine, and never with another machine's pid", () => {
    expect(isLeaseOver(null, now, judge)).toBe(true);
    expect(isLeaseOver(lease(2000, now + 1), now, judge)).toBe(false);
    expect(isLeaseOver(lease(2000, now), now, judge)).toBe(true);
    expect(isLeaseOver(lease(3000, now + HOUR), now, judge)).toBe(true);
    expect(isLeaseOver(lease(3000, now + HOUR, "elsewhere"), now, judge)).toBe(false);
    expect(isLeaseOver(lease(3000, now - 1, "elsewhere"), now, judge)).toBe(true);
    // Its own: held until its time, whatever isAlive says.
    expect(isLeaseOver(lease(1000, now + 1), now, { ...judge, isAlive: () => false })).toBe(false);
  });
});
