import { sendConsentRecords, type ConsentRecordRequest, type RecordTransport } from "./consent-record";

/** The browser's side of a record: sent once, kept for the next page when it could not be taken. */

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

const record = (choiceAt: number): ConsentRecordRequest => ({
  consentId: "AAAAAAAAAAAAAAAAAAAAAA",
  version: "0123456789abcdef",
  kind: "accept_all",
  lang: "fr",
  choices: { necessary: true, youtube: true },
  choiceAt,
});

function transport(answers: Array<number | "offline">) {
  const storage = memoryStorage();
  const sent: number[] = [];
  const value: RecordTransport = {
    storage,
    send: async (item) => {
      sent.push(item.choiceAt);
      const answer = answers.shift() ?? 201;
      if (answer === "offline") throw new TypeError("Failed to fetch");
      return new Response(null, { status: answer });
    },
  };
  return { value, storage, sent };
}

test("a record taken by the site leaves nothing behind", async () => {
  const { value, storage, sent } = transport([201]);
  await sendConsentRecords(record(1), value);
  expect(sent).toEqual([1]);
  expect(storage.items.size).toBe(0);
});

test("a record the site could not take waits, and goes with the next page's start, once", async () => {
  const { value, storage, sent } = transport(["offline", 503, 201]);
  await sendConsentRecords(record(1), value);
  expect(storage.items.size).toBe(1);
  await sendConsentRecords(undefined, value);
  expect(storage.items.size).toBe(1);
  await sendConsentRecords(undefined, value);
  expect(sent).toEqual([1, 1, 1]);
  expect(storage.items.size).toBe(0);
  await sendConsentRecords(undefined, value);
  expect(sent).toEqual([1, 1, 1]);
});

test("a record refused for what it is (not the moment) is not sent again", async () => {
  const { value, storage, sent } = transport([422]);
  await sendConsentRecords(record(1), value);
  await sendConsentRecords(undefined, value);
  expect(sent).toEqual([1]);
  expect(storage.items.size).toBe(0);
});

test("sends made together never send one waiting record twice", async () => {
  const { value, sent } = transport(["offline"]);
  await sendConsentRecords(record(1), value);
  await Promise.all([sendConsentRecords(record(2), value), sendConsentRecords(undefined, value)]);
  expect(sent).toEqual([1, 1, 2]);
});
