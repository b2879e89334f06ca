import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import fc from "fast-check";

import { createRateLimiter } from "@/lib/rate-limit/memory-rate-limit";
import { filesUnder } from "@/test-support/files-under";

import { noticeVersionId, type NoticeWords } from "./notice-words";
import { createRecordReceiver, type RecordOutcome } from "./receive-record";
import { createRecordStore } from "./record-store";

/**
 * The recording endpoint attacked with generated bad input: whatever arrives, only a well-formed
 * choice for a known version is written, a request can neither overwrite nor delete a record,
 * and nothing about the client reaches the store.
 */

const NOW = Date.parse("2026-11-27T12:00:00Z");
const SERVICES = [
  { id: "necessary", name: "Necessary", description: "Keeps your choices.", required: true },
  { id: "youtube", name: "YouTube", description: "Plays videos.", required: false },
  { id: "vimeo", name: "Vimeo", description: "Plays videos.", required: false },
];
const WORDS: NoticeWords = {
  fr: { labels: { "consent.notice": "Nous utilisons des cookies." }, services: SERVICES },
  en: { labels: { "consent.notice": "We use cookies." }, services: SERVICES },
};
const VERSION = noticeVersionId(WORDS);
const ADDRESS = "203.0.113.77";
const AGENT = "Mozilla/5.0 (X11; Linux x86_64) UniqueTestAgent/9.9";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "consent-receiver-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function receiver(options: { max?: number; maxBytes?: number } = {}) {
  const store = createRecordStore({
    dir,
    retentionDays: 760,
    maxBytes: options.maxBytes ?? 1 << 24,
    now: () => NOW,
  });
  const memory = createRateLimiter({ max: options.max ?? 1_000_000, windowMs: 600_000 });
  const outcomes: RecordOutcome[] = [];
  const receive = createRecordReceiver({
    store,
    limiter: { take: async (client, now) => memory.take(client, now) },
    currentWords: async () => WORDS,
    retentionDays: 760,
    now: () => NOW,
    count: (outcome) => outcomes.push(outcome),
    log: { error: () => undefined },
  });
  return { store, receive, outcomes };
}

const valid = () => ({
  consentId: "Zx9_-Q1w2E3r4T5y6U7i8O",
  version: VERSION,
  kind: "custom",
  lang: "fr",
  choices: { necessary: true, youtube: true, vimeo: false },
  choiceAt: NOW - 1000,
});

function post(body: string, headers: Record<string, string> = {}): Request {
  return new Request("http://127.0.0.1/api/consent", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": ADDRESS,
      "user-agent": AGENT,
      ...headers,
    },
    body,
  });
}

async function storedText(): Promise<string> {
  return (await filesUnder(dir)).map(({ text }) => text).join("\n");
}

test("a well-formed choice is recorded and synced before its 201, with nothing that names the client", async () => {
  const { receive, store, outcomes } = receiver();
  const response = await receive(post(JSON.stringify(valid())));
  expect(response.status).toBe(201);
  expect(await response.json()).toEqual({
    consentId: valid().consentId,
    recordedAt: new Date(NOW).toISOString(),
  });
  const [stored] = await store.records({ consentId: valid().consentId });
  expect(stored).toEqual({
    consentId: valid().consentId,
    version: VERSION,
    kind: "custom",
    lang: "fr",
    choices: { necessary: true, youtube: true, vimeo: false },
    choiceAt: new Date(NOW - 1000).toISOString(),
    recordedAt: new Date(NOW).toISOString(),
  });
  expect(Object.keys(stored).sort()).toEqual([
    "choiceAt",
    "choices",
    "consentId",
    "kind",
    "lang",
    "recordedAt",
    "version",
  ]);
  const text = await storedText();
  expect(text).not.toContain(ADDRESS);
  expect(text).not.toContain("UniqueTestAgent");
  expect(outcomes).toEqual(["recorded"]);
  // The version it names was kept with its words when the first choice on it arrived.
  expect((await store.version(VERSION))?.words).toEqual(WORDS);
});

/** Values that are not what a field holds, or are just past its bounds. */
const wrongValue = fc.oneof(
  fc.jsonValue(),
  fc.string(),
  fc.constantFrom(
    "",
    "accept",
    "ALL",
    "fr-fr",
    "de",
    "0123456789abcdeg",
    "Zx9_-Q1w2E3r4T5y6U7i8",
    "Zx9_-Q1w2E3r4T5y6U7i8O9",
    "../../etc/passwd",
    "__proto__",
  ),
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, true, [], {}, NOW + 3 * 86_400_000, 1, -1, NOW - 800 * 86_400_000),
);
const field = fc.constantFrom("consentId", "version", "kind", "lang", "choices", "choiceAt");

/** A valid record spoiled in one of the ways a made-up or tampered record can be. */
const spoiled = fc.oneof(
  // One field replaced by a wrong value.
  fc.tuple(field, wrongValue).map(([key, value]) => ({ ...valid(), [key]: value })),
  // One field missing.
  field.map((key) => Object.fromEntries(Object.entries(valid()).filter(([name]) => name !== key))),
  // A field no record has.
  fc
    .tuple(fc.string({ minLength: 1 }), fc.jsonValue())
    .filter(([key]) => !(key in valid()))
    .map(([key, value]) => ({ ...valid(), [key]: value })),
  // Choices that are not this version's services: the required one left out, one added, a required one refused, a value not a boolean.
  fc
    .constantFrom(
      { youtube: true, vimeo: false },
      { necessary: true, youtube: true, vimeo: false, analytics: true },
      { necessary: false, youtube: true, vimeo: false },
      { necessary: true, youtube: "true", vimeo: false },
      // An own "__proto__" key, as JSON.parse makes it.
      JSON.parse('{"necessary":true,"youtube":true,"vimeo":false,"__proto__":{"polluted":true}}') as Record<
        string,
        unknown
      >,
    )
    .map((choices) => ({ ...valid(), choices })),
  // A kind that says the opposite of its choices.
  fc
    .constantFrom(
      { kind: "accept_all", choices: { necessary: true, youtube: true, vimeo: false } },
      { kind: "refuse_all", choices: { necessary: true, youtube: true, vimeo: false } },
      // "Accept all" and "refuse all" answer every service.
      { kind: "accept_all", choices: { necessary: true, youtube: true } },
      { kind: "refuse_all", choices: { necessary: true, vimeo: false } },
    )
    .map((change) => ({ ...valid(), ...change })),
  // A version of the right form that the site never showed.
  fc
    .stringMatching(/^[0-9a-f]{16}$/)
    .filter((id) => id !== VERSION)
    .map((version) => ({ ...valid(), version })),
);

/** Bodies that are not a record at all. */
const notARecord = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string(),
  fc.string({ minLength: 2049, maxLength: 5000 }),
  fc.constant(JSON.stringify({ ...valid(), pad: "x".repeat(3000) })),
);

test("generated bad records are refused with a clear reason and never written", async () => {
  const { receive, store } = receiver();
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        spoiled.map((record) => JSON.stringify(record)),
        notARecord,
      ),
      async (body) => {
        const response = await receive(post(body));
        expect([400, 413, 422]).toContain(response.status);
        expect(typeof (await response.json()).error).toBe("string");
      },
    ),
    { numRuns: 400 },
  );
  expect(await store.records()).toEqual([]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

test("a video's own allow before the notice is answered is recorded, the services not yet decided left out", async () => {
  const { receive, store } = receiver();
  const allow = { ...valid(), choices: { necessary: true, youtube: true } };
  expect((await receive(post(JSON.stringify(allow)))).status).toBe(201);
  expect((await store.records())[0].choices).toEqual({ necessary: true, youtube: true });
});

test("only JSON is read, and a body past the bound is refused before it is read whole", async () => {
  const { receive, store } = receiver();
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "",
        "application/jsonx",
      ),
      async (type) => {
        const response = await receive(post(JSON.stringify(valid()), { "content-type": type }));
        expect(response.status).toBe(415);
      },
    ),
  );
  const huge = await receive(post("x".repeat(10_000), { "content-length": "10000" }));
  expect(huge.status).toBe(413);
  expect(await store.records()).toEqual([]);
});

test("a request can neither overwrite nor delete a record: the same id again adds a choice beside it", async () => {
  const { receive, store } = receiver();
  expect((await receive(post(JSON.stringify(valid())))).status).toBe(201);
  const refusal = {
    ...valid(),
    kind: "withdrawal",
    choices: { necessary: true, youtube: false, vimeo: false },
    choiceAt: NOW - 500,
  };
  expect(await receive(post(JSON.stringify(refusal)))).toHaveProperty("status", 201);
  // The same choice sent again (a lost answer) changes nothing that was recorded.
  expect(await receive(post(JSON.stringify(valid())))).toHaveProperty("status", 201);
  const found = await store.records({ consentId: valid().consentId });
  expect(found.map((choice) => choice.kind)).toEqual(["custom", "withdrawal"]);
});

test("each client is held to its rate limit, and a flood cannot grow the folder past its bound", async () => {
  const limited = receiver({ max: 3 });
  const statuses = [];
  for (let i = 0; i < 6; i++)
    statuses.push((await limited.receive(post(JSON.stringify({ ...valid(), choiceAt: NOW - i })))).status);
  expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
  // Another address has its own count.
  expect(
    (await limited.receive(post(JSON.stringify(valid()), { "x-forwarded-for": "198.51.100.9" }))).status,
  ).toBe(201);

  await rm(dir, { recursive: true, force: true });
  const bounded = receiver({ maxBytes: 4096 });
  const flood = await Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      bounded.receive(post(JSON.stringify({ ...valid(), consentId: `F${String(i).padStart(21, "0")}` }))),
    ),
  );
  const codes = flood.map((response) => response.status);
  expect(codes.filter((code) => code === 507).length).toBeGreaterThan(50);
  expect(codes.every((code) => code === 201 || code === 507)).toBe(true);
  expect(bounded.outcomes.filter((outcome) => outcome === "full").length).toBe(
    codes.filter((code) => code === 507).length,
  );
  expect(Buffer.byteLength(await storedText())).toBeLessThanOrEqual(4096);
});
