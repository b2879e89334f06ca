/**
 * Every contact submission reaches the studio's inbox, once: generated sequences of submissions,
 * repeats of a key (a double click, a retry, a reload), flushes, and faults (a server that refuses,
 * never answers, cuts the connection in the message or after its final dot, answers late; a flush
 * aborted by its signal; a process killed mid-send), against a real SMTP server on 127.0.0.1. At
 * the end the server accepts and flushes run until the outbox is empty.
 *
 * A message counts as delivered when the server commits to it, at its 250. SMTP cannot keep a
 * message from arriving twice when the client is stopped after that 250 was written and before it
 * was read, or, with a server that commits whether or not its client still waits, once the server
 * has the whole message: the server keeps it and the client cannot know. So a key may be at the
 * server more than once only when, for each extra copy, a kill or an abort of a process sending
 * that key lasted until at least that instant for the copy before (its 250, or its final dot when
 * the client had left by the 250) and began before the extra copy's final dot. A fault lasts from
 * its signal until the process or the flush was seen to stop: a 250 written meanwhile may never
 * have been read. Without such a fault: exactly once. Messages are counted by Message-ID, which
 * carries the key.
 */
import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";

import fc from "fast-check";

import { startSink, type SinkMode } from "@/test-support/smtp-sink";
import { spawnCall, type CallChild } from "@/test-support/spawn-call";

import { composeContactMail } from "./compose";
import { deliverContactMail, smtpTransport, type DeliveryConfig, type DeliveryOutcome } from "./deliver";
import type { ContactMessage } from "./message";
import { flushOutbox, outboxDepth, type Logger } from "./outbox";
import { isLeased } from "./outbox-lease";

jest.setTimeout(120_000);

/** Connecting and the greeting (smtp-server greets after 100 ms); the visitor waits twice this. */
const TIMEOUT_MS = 200;
/** Any reply of the server: a hanging server is given up after this. */
const REPLY_TIMEOUT_MS = 1_100;
/** Late answers both before and after the visitor's wait, all well within the reply timeout. */
const SLOW_REPLY_MS = { min: 100, max: 650 };

const VISITOR: ContactMessage = {
  name: "Zoé",
  email: "zoe@visitor.test",
  purpose: "project",
  message: "Bonjour",
  lang: "fr",
};
const COMPOSE = {
  to: "projects@studio.test",
  from: "site@studio.test",
  purposeLabel: "Projet",
  siteName: "Studio",
};

const messageIdOf = (id: string) => `<${id}@studio.test>`;
const mailOf = (id: string) => composeContactMail(VISITOR, { ...COMPOSE, id }).mail;

type Step =
  | { kind: "submit" | "doubleClick" | "flush"; mode: SinkMode; slowMs: number }
  | { kind: "repeat"; pick: number; mode: SinkMode; slowMs: number }
  | { kind: "abortedFlush" | "kill"; mode: SinkMode; slowMs: number; delayMs: number };

const mode = fc.oneof(
  { arbitrary: fc.constant<SinkMode>("accept"), weight: 4 },
  { arbitrary: fc.constantFrom<SinkMode>("reject451", "reject550"), weight: 2 },
  { arbitrary: fc.constant<SinkMode>("hang"), weight: 1 },
  { arbitrary: fc.constantFrom<SinkMode>("dropMidData", "dropAfterDot"), weight: 2 },
  { arbitrary: fc.constantFrom<SinkMode>("slow", "slow", "slowUnlessGone"), weight: 3 },
);
const slowMs = fc.integer(SLOW_REPLY_MS);
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant("submit" as const), mode, slowMs }), weight: 5 },
  { arbitrary: fc.record({ kind: fc.constant("doubleClick" as const), mode, slowMs }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant("repeat" as const), pick: fc.nat(), mode, slowMs }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant("flush" as const), mode, slowMs }), weight: 3 },
  {
    arbitrary: fc.record({
      kind: fc.constant("abortedFlush" as const),
      mode,
      slowMs,
      delayMs: fc.integer({ min: 0, max: 500 }),
    }),
    weight: 2,
  },
);
/** A kill costs a process start (about a second): one in a run, in some runs only. */
const kill = fc.record({
  kind: fc.constant("kill" as const),
  mode,
  slowMs,
  delayMs: fc.integer({ min: 0, max: 600 }),
});
const scenario = fc
  .tuple(
    fc.array(step, { minLength: 1, maxLength: 13 }),
    fc.oneof({ arbitrary: fc.constant(null), weight: 2 }, { arbitrary: kill, weight: 1 }),
    fc.nat(),
  )
  .map(([steps, killStep, at]) => {
    if (!killStep) return steps;
    const index = at % (steps.length + 1);
    return [...steps.slice(0, index), killStep, ...steps.slice(index)];
  });

interface Fault {
  kind: "kill" | "abort";
  /** The key being sent when it struck, if any. */
  key: string | undefined;
  start: number;
  end: number;
}

/** What the runs saw, for whoever reads the test's output with CONTACT_EXACTLY_ONCE_STATS set. */
const stats = {
  runs: 0,
  steps: 0,
  keys: 0,
  messages: 0,
  duplicates: 0,
  /** Each duplicate by the fault that let it through. */
  duplicatesBy: {} as Record<string, number>,
  faults: { kill: 0, abort: 0 },
  faultsOnAKey: 0,
  visitorSent: 0,
  visitorQueued: 0,
  /** Files a killed process left that no flush removes (names with the key and nonces masked). */
  leftovers: [] as string[],
};

const noLog: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

function collectingLog(): { lines: string[]; log: Logger } {
  const lines: string[] = [];
  const push = (line: string) => void lines.push(line);
  return { lines, log: { info: push, warn: push, error: push } };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function runScenario(steps: Step[]): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "contact-exactly-once-"));
  const sink = await startSink();
  const config: DeliveryConfig = {
    smtpUrl: sink.url,
    outboxDir: dir,
    timeoutMs: TIMEOUT_MS,
    replyTimeoutMs: REPLY_TIMEOUT_MS,
  };
  const transport = smtpTransport(sink.url, TIMEOUT_MS, REPLY_TIMEOUT_MS);
  const flushOptions = {};
  const keys: string[] = [];
  const faults: Fault[] = [];
  const unanswered = new Set<string>();
  const killStep = steps.find((candidate) => candidate.kind === "kill");
  const killKey = `k-${randomBytes(16).toString("base64url")}`;
  // Started ahead, so that its start-up overlaps the steps before the kill.
  // The Date header is left to the child: JSON would make the date a string, written as it is.
  let child: CallChild<{ outcome: DeliveryOutcome }> | undefined = killStep
    ? spawnCall({
        module: path.join(__dirname, "deliver.ts"),
        name: "deliverContactMail",
        args: [killKey, { ...mailOf(killKey), date: undefined }, config],
        logger: true,
      })
    : undefined;

  const setMode = (next: { mode: SinkMode; slowMs: number }) => {
    sink.mode = next.mode;
    sink.slowReplyMs = next.slowMs;
  };
  const submit = async (id: string) => {
    const answer = await deliverContactMail(id, mailOf(id), config, noLog);
    // "sent" is what the visitor reads as delivered: the server must have it already.
    if (answer.outcome === "sent") expect(sink.counts().get(messageIdOf(id)) ?? 0).toBeGreaterThanOrEqual(1);
    if (answer.outcome === "sent") stats.visitorSent += 1;
    else stats.visitorQueued += 1;
    return answer;
  };
  const newKey = () => {
    const id = `k-${randomBytes(16).toString("base64url")}`;
    keys.push(id);
    return id;
  };

  try {
    for (const current of steps) {
      stats.steps += 1;
      setMode(current);
      switch (current.kind) {
        case "submit": {
          await expect(submit(newKey())).resolves.toMatchObject({ repeat: false });
          break;
        }
        case "doubleClick": {
          const id = newKey();
          const answers = await Promise.all([submit(id), submit(id)]);
          expect(answers.filter((answer) => !answer.repeat)).toHaveLength(1);
          break;
        }
        case "repeat": {
          if (keys.length === 0) break;
          const id = keys[current.pick % keys.length];
          await submit(id);
          unanswered.delete(id);
          break;
        }
        case "flush": {
          await flushOutbox(dir, transport, noLog, flushOptions);
          break;
        }
        case "abortedFlush": {
          const stop = new AbortController();
          const { lines, log } = collectingLog();
          let start: number | undefined;
          const timer = setTimeout(() => {
            start = Date.now();
            stop.abort();
          }, current.delayMs);
          await flushOutbox(dir, transport, log, {
            ...flushOptions,
            signal: stop.signal,
            abortSend: stop.signal,
          });
          clearTimeout(timer);
          if (start === undefined) break;
          const aborted = lines.map((line) => /^outbox: (\S+) kept: EABORT /.exec(line)?.[1]).find(Boolean);
          faults.push({ kind: "abort", key: aborted, start, end: Date.now() });
          break;
        }
        case "kill": {
          if (!child) break;
          keys.push(killKey);
          unanswered.add(killKey);
          await child.ready;
          child.go();
          void child.result.then((answer) => answer && unanswered.delete(killKey));
          const ended = await Promise.race([child.exited.then(() => true), sleep(current.delayMs)]);
          if (ended) break;
          const start = Date.now();
          child.kill("SIGKILL");
          await child.exited;
          faults.push({ kind: "kill", key: killKey, start, end: Date.now() });
          child = undefined;
          break;
        }
      }
    }

    // The visitor who saw no answer sends again, with the key the form kept.
    sink.mode = "accept";
    for (const id of unanswered) await submit(id);
    // Then the server accepts, and flushes run until nothing waits or is being sent.
    const deadline = Date.now() + 30_000;
    for (;;) {
      await flushOutbox(dir, transport, noLog, flushOptions);
      const leases = (await fs.readdir(dir)).filter((name) => name.endsWith(".lease"));
      const held = await Promise.all(leases.map((name) => isLeased(path.join(dir, name))));
      if ((await outboxDepth(dir)) === 0 && !held.includes(true)) break;
      if (Date.now() > deadline) throw new Error(`the outbox did not empty: ${await fs.readdir(dir)}`);
      await sleep(50);
    }
    const counts = sink.counts();
    // Every submission arrived, and nothing else did.
    for (const id of keys) expect(counts.get(messageIdOf(id)) ?? 0).toBeGreaterThanOrEqual(1);
    expect([...counts.keys()].sort()).toEqual([...new Set(keys)].map(messageIdOf).sort());
    // Each extra copy has a fault of its own that could have hidden the copy before's 250.
    const unused = [...faults];
    for (const id of new Set(keys)) {
      const copies = sink.received
        .filter((message) => message.messageId === messageIdOf(id))
        .sort((a, b) => a.receivedAt - b.receivedAt);
      for (let copy = 1; copy < copies.length; copy++) {
        const before = copies[copy - 1];
        // From when the client could no longer learn that the copy before had arrived.
        const unknowable = before.answered ? before.ackedAt : before.receivedAt;
        const index = unused.findIndex(
          (fault) => fault.key === id && fault.end >= unknowable && fault.start <= copies[copy].receivedAt,
        );
        const seen = copies.map(({ receivedAt, ackedAt, answered }) => ({ receivedAt, ackedAt, answered }));
        expect(index >= 0 ? "justified" : { id, copy: copy + 1, seen, faults }).toBe("justified");
        const [fault] = unused.splice(index, 1);
        stats.duplicates += 1;
        const why = `${fault.kind}, ${before.answered ? "after the 250" : "the server kept what its client left"}`;
        stats.duplicatesBy[why] = (stats.duplicatesBy[why] ?? 0) + 1;
      }
    }
    // A mark for each key, and nothing else but what a killed process could not tidy away.
    const names = await fs.readdir(dir);
    const marks = names.filter((name) => name.endsWith(".sent"));
    expect(marks.sort()).toEqual([...new Set(keys)].map((id) => `${id}.sent`).sort());
    const leftovers = names.filter((name) => !name.endsWith(".sent"));
    if (!faults.some((fault) => fault.kind === "kill")) expect(leftovers).toEqual([]);
    for (const name of leftovers) {
      stats.leftovers.push(
        name.replace(/[A-Za-z0-9_-]{20,}/g, "<key>").replace(/\.[0-9a-f]{12,16}\b/g, ".<nonce>"),
      );
    }
    stats.runs += 1;
    stats.keys += new Set(keys).size;
    stats.messages += sink.received.length;
    for (const fault of faults) stats.faults[fault.kind] += 1;
    stats.faultsOnAKey += faults.filter((fault) => fault.key !== undefined).length;
  } finally {
    if (child) {
      child.kill("SIGKILL");
      await child.exited;
    }
    transport.close();
    await sink.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

afterAll(() => {
  if (process.env.CONTACT_EXACTLY_ONCE_STATS) console.log(JSON.stringify(stats));
});

it("delivers every submitted key, and more than once only past a fault that hid the server's 250", async () => {
  await fc.assert(fc.asyncProperty(scenario, runScenario), { numRuns: 30, endOnFailure: true });
});
