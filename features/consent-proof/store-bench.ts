/**
 * npm run bench:consent — what the consent store costs: 10,000 choices written through the real
 * store into a temporary folder (the shapes the site records: four services, every kind, both
 * languages), the folder's size after them, and how fast records are taken when they arrive one
 * at a time and when 50 arrive together (they share a disk sync). Prints figures; asserts nothing.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { createRecordStore, type ConsentRecord } from "./record-store";

const CHOICES = 10_000;
const KINDS = ["accept_all", "refuse_all", "custom", "withdrawal"] as const;

function choice(i: number): ConsentRecord {
  const kind = KINDS[i % KINDS.length];
  const on = kind === "accept_all" || (kind === "custom" && i % 3 === 0);
  const now = Date.now();
  return {
    consentId: randomBytes(16).toString("base64url"),
    version: "4f1c9e2a7b3d5e60",
    kind,
    lang: i % 2 === 0 ? "fr" : "en",
    choices: { necessary: true, analytics: on, youtube: on || kind === "custom", vimeo: on },
    choiceAt: new Date(now - 20).toISOString(),
    recordedAt: new Date(now).toISOString(),
  };
}

async function run(label: string, together: number): Promise<{ bytes: number; perSecond: number }> {
  const dir = await mkdtemp(path.join(tmpdir(), "consent-bench-"));
  const store = createRecordStore({ dir, retentionDays: 760, maxBytes: 1 << 30, instance: "bench" });
  const started = process.hrtime.bigint();
  for (let i = 0; i < CHOICES; i += together)
    await Promise.all(
      Array.from({ length: Math.min(together, CHOICES - i) }, (_, j) => store.append(choice(i + j))),
    );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await store.close();
  const records = await store.records();
  const bytes = records.reduce((sum, record) => sum + Buffer.byteLength(`${JSON.stringify(record)}\n`), 0);
  await rm(dir, { recursive: true, force: true });
  if (records.length !== CHOICES)
    throw new Error(`${label}: ${records.length} records read back of ${CHOICES}`);
  return { bytes, perSecond: CHOICES / seconds };
}

async function main() {
  const one = await run("one at a time", 1);
  const fifty = await run("50 together", 50);
  const mb = (one.bytes / 1e6).toFixed(2);
  process.stdout.write(
    [
      `consent store, ${CHOICES.toLocaleString("en")} choices: ${mb} MB (${Math.round(one.bytes / CHOICES)} bytes a record)`,
      `records taken, each synced before its answer: ${Math.round(one.perSecond)}/s one at a time, ${Math.round(fifty.perSecond)}/s 50 at a time`,
      "",
    ].join("\n"),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:consent: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
