import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import type { NoticeWords } from "./notice-words";
import { createRecordStore, dayOf, type ConsentRecord } from "./record-store";

/**
 * The store on a real folder: versions kept once with their words, records synced and read back,
 * two writers in one folder, retention, a line cut by a crash, and the folder's bound.
 */

const DAY = 86_400_000;
const NOW = Date.parse("2026-11-27T12:00:00Z");
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "consent-store-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function words(notice: string): NoticeWords {
  const services = [
    { id: "necessary", name: "Necessary", description: "Keeps your choices.", required: true },
    { id: "youtube", name: "YouTube", description: "Plays videos.", required: false },
  ];
  return {
    fr: { labels: { "consent.notice": `${notice} (fr)` }, services },
    en: { labels: { "consent.notice": notice }, services },
  };
}

function record(consentId: string, at: number, overrides: Partial<ConsentRecord> = {}): ConsentRecord {
  return {
    consentId,
    version: "0123456789abcdef",
    kind: "accept_all",
    lang: "fr",
    choices: { necessary: true, youtube: true },
    choiceAt: new Date(at).toISOString(),
    recordedAt: new Date(at).toISOString(),
    ...overrides,
  };
}

const store = (options: Partial<Parameters<typeof createRecordStore>[0]> = {}) =>
  createRecordStore({ dir, retentionDays: 30, maxBytes: 10 * 1024 * 1024, now: () => NOW, ...options });

test("a notice version is kept once, with the date it was first shown; new words are a new version beside it", async () => {
  const first = store({ instance: "a", now: () => NOW });
  const later = store({ instance: "b", now: () => NOW + DAY });
  const v1 = await first.registerVersion(words("We use cookies."));
  // Another instance rendering the same words later keeps the first date.
  expect(await later.registerVersion(words("We use cookies."))).toEqual(v1);
  const v2 = await later.registerVersion(words("We use a few cookies."));
  expect(v2.id).not.toBe(v1.id);
  const fresh = store();
  const listed = await fresh.listVersions();
  expect(listed.map((version) => version.id)).toEqual([v1.id, v2.id]);
  expect(listed[0].firstShown).toBe(new Date(NOW).toISOString());
  expect(listed[0].words.en.labels["consent.notice"]).toBe("We use cookies.");
  expect(listed[1].firstShown).toBe(new Date(NOW + DAY).toISOString());
  expect(listed[1].words.en.labels["consent.notice"]).toBe("We use a few cookies.");
  expect((await readdir(path.join(dir, "versions"))).sort()).toEqual(
    [`${v1.id}.json`, `${v2.id}.json`].sort(),
  );
});

test("two writers record into one folder at once, each in its own file, and nothing is lost or mixed", async () => {
  const a = store({ instance: "host-a-1" });
  const b = store({ instance: "host-b-1" });
  const ids = (prefix: string) =>
    Array.from({ length: 150 }, (_, i) => `${prefix}${String(i).padStart(21, "0")}`);
  const outcomes = await Promise.all([
    ...ids("a").map((id, i) => a.append(record(id, NOW + i))),
    ...ids("b").map((id, i) => b.append(record(id, NOW + i))),
  ]);
  expect(outcomes.every((outcome) => outcome === "recorded")).toBe(true);
  await Promise.all([a.close(), b.close()]);
  const files = await readdir(path.join(dir, "records", dayOf(NOW)));
  expect(files.sort()).toEqual(["host-a-1.jsonl", "host-b-1.jsonl"]);
  for (const file of files) {
    const lines = (await readFile(path.join(dir, "records", dayOf(NOW), file), "utf8")).trimEnd().split("\n");
    expect(lines).toHaveLength(150);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  }
  const all = await store().records();
  expect(all).toHaveLength(300);
  expect(new Set(all.map((found) => found.consentId)).size).toBe(300);
});

test("a consent's choices are found by its id, oldest first, and a choice sent twice is one", async () => {
  const writer = store({ instance: "a" });
  const id = "AAAAAAAAAAAAAAAAAAAAAA";
  await writer.append(record(id, NOW, { kind: "accept_all" }));
  await writer.append(record("BBBBBBBBBBBBBBBBBBBBBB", NOW + 1));
  await writer.append(
    record(id, NOW + 1000, { kind: "withdrawal", choices: { necessary: true, youtube: false } }),
  );
  // The browser sent it again after a lost answer: the same choice, recorded a second later.
  const withdrawal = { kind: "withdrawal", choices: { necessary: true, youtube: false } } as const;
  await writer.append({
    ...record(id, NOW + 1000, withdrawal),
    recordedAt: new Date(NOW + 2000).toISOString(),
  });
  // Another record under the same id and time that says something else is not hidden as a repeat.
  await writer.append(record(id, NOW + 1000, { kind: "custom" }));
  const found = await writer.records({ consentId: id });
  expect(found.map((choice) => [choice.kind, choice.recordedAt])).toEqual([
    ["accept_all", new Date(NOW).toISOString()],
    ["withdrawal", new Date(NOW + 1000).toISOString()],
    ["custom", new Date(NOW + 1000).toISOString()],
  ]);
});

test("records past the retention period are removed, on the first record of a day and on demand; younger ones stay", async () => {
  let now = NOW;
  const writer = store({ instance: "a", retentionDays: 30, now: () => now });
  await writer.append(record("OLD0000000000000000000", NOW));
  await writer.append(record("EDGE000000000000000000", NOW + 10 * DAY));
  now = NOW + 31 * DAY;
  // The first record of a new day prunes: the day 31 days old goes, the one 21 days old stays.
  await writer.append(record("NEW0000000000000000000", now));
  expect((await writer.records()).map((found) => found.consentId)).toEqual([
    "EDGE000000000000000000",
    "NEW0000000000000000000",
  ]);
  now = NOW + 41 * DAY;
  expect(await writer.prune()).toBe(1);
  expect((await writer.records()).map((found) => found.consentId)).toEqual(["NEW0000000000000000000"]);
  expect(await readdir(path.join(dir, "records"))).toEqual([dayOf(NOW + 31 * DAY)]);
});

test("a line cut short by a crash is closed before the next record, and only whole records are read", async () => {
  const day = path.join(dir, "records", dayOf(NOW));
  await mkdir(day, { recursive: true });
  const before = JSON.stringify(record("KEPT000000000000000000", NOW - 5));
  await writeFile(path.join(day, "a.jsonl"), `${before}\n{"consentId":"CUT0000`);
  const writer = store({ instance: "a" });
  await writer.append(record("AFTER00000000000000000", NOW));
  expect((await writer.records()).map((found) => found.consentId)).toEqual([
    "KEPT000000000000000000",
    "AFTER00000000000000000",
  ]);
});

test("past its bound the folder takes no more records, whatever the flood", async () => {
  const line = Buffer.byteLength(`${JSON.stringify(record("X".repeat(22), NOW))}\n`);
  const writer = store({ instance: "a", maxBytes: line * 10 + 5 });
  const outcomes = await Promise.all(
    Array.from({ length: 50 }, (_, i) => writer.append(record(`F${String(i).padStart(21, "0")}`, NOW))),
  );
  expect(outcomes.filter((outcome) => outcome === "recorded")).toHaveLength(10);
  expect(outcomes.filter((outcome) => outcome === "full")).toHaveLength(40);
  await writer.close();
  const size = (await readFile(path.join(dir, "records", dayOf(NOW), "a.jsonl"))).byteLength;
  expect(size).toBeLessThanOrEqual(line * 10 + 5);
});

test("a folder at its bound takes records again once its oldest days pass the retention period", async () => {
  let now = NOW;
  const line = Buffer.byteLength(`${JSON.stringify(record("X".repeat(22), NOW))}\n`);
  const writer = store({ instance: "a", retentionDays: 1, maxBytes: line * 3 + 5, now: () => now });
  for (let i = 0; i < 3; i++)
    expect(await writer.append(record(`OLD${i}`.padEnd(22, "0"), now))).toBe("recorded");
  expect(await writer.append(record("FULL".padEnd(22, "0"), now))).toBe("full");
  now = NOW + 3 * DAY;
  expect(await writer.append(record("NEXT".padEnd(22, "0"), now))).toBe("recorded");
  expect((await writer.records()).map((found) => found.consentId)).toEqual(["NEXT".padEnd(22, "0")]);
});

test("the bound holds for the folder, whatever another instance wrote since this one measured it", async () => {
  let now = NOW;
  const line = Buffer.byteLength(`${JSON.stringify(record("X".repeat(22), NOW))}\n`);
  const options = { retentionDays: 30, maxBytes: line * 4 + 5, now: () => now };
  const a = store({ ...options, instance: "a" });
  const b = store({ ...options, instance: "b" });
  expect(await b.append(record("B0".padEnd(22, "0"), now))).toBe("recorded");
  for (let i = 0; i < 3; i++) expect(await a.append(record(`A${i}`.padEnd(22, "0"), now))).toBe("recorded");
  // b's own count says there is room for three more; a minute later it measures the folder again.
  now += 61_000;
  expect(await b.append(record("B1".padEnd(22, "0"), now))).toBe("full");
  expect(await a.append(record("A3".padEnd(22, "0"), now))).toBe("full");
});

test("a record that could not be written frees its room, and the next one is whole and readable", async () => {
  const line = Buffer.byteLength(`${JSON.stringify(record("X".repeat(22), NOW))}\n`);
  const writer = store({ instance: "a", maxBytes: line * 2 + 5 });
  // A file where the day's folder should be: writing fails as a full or broken disk would.
  await mkdir(path.join(dir, "records"), { recursive: true });
  await writeFile(path.join(dir, "records", dayOf(NOW)), "");
  await expect(writer.append(record("LOST".padEnd(22, "0"), NOW))).rejects.toThrow();
  await rm(path.join(dir, "records", dayOf(NOW)));
  expect(await writer.append(record("ONE".padEnd(22, "0"), NOW))).toBe("recorded");
  expect(await writer.append(record("TWO".padEnd(22, "0"), NOW))).toBe("recorded");
  // The failed record's room was given back, not the whole count: the bound still holds.
  expect(await writer.append(record("THREE".padEnd(22, "0"), NOW))).toBe("full");
  expect((await writer.records()).map((found) => found.consentId)).toEqual([
    "ONE".padEnd(22, "0"),
    "TWO".padEnd(22, "0"),
  ]);
});
