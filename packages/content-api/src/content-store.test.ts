import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { ContentStore, loadSnapshot } from "./content-store";

let dir: string;

/** For stores whose files stay valid: a reload failure fails the test. */
const unexpected = (_message: string, error: unknown) => {
  throw error;
};

function writeDoc(name: string, doc: object) {
  writeFileSync(path.join(dir, "documents", name), JSON.stringify(doc));
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "store-"));
  mkdirSync(path.join(dir, "documents"));
  writeFileSync(
    path.join(dir, "repository.json"),
    JSON.stringify({ repositoryName: "test", languages: [{ id: "fr-fr", name: "French" }] }),
  );
  writeDoc("a.json", { id: "A", type: "page", lang: "fr-fr", data: { title: "Un" } });
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

test("a changed file gives a new master ref and the new content", async () => {
  const store = new ContentStore({ dir, checkIntervalMs: 0, onError: unexpected });
  const first = await store.snapshot();
  expect(first.published.get("A")?.data.title).toBe("Un");
  writeDoc("a.json", { id: "A", type: "page", lang: "fr-fr", data: { title: "Deux, plus long" } });
  const second = await store.snapshot();
  expect(second.masterRef).not.toBe(first.masterRef);
  expect(second.published.get("A")?.data.title).toBe("Deux, plus long");
});

test("the same files give the same refs in another process", async () => {
  expect((await loadSnapshot(dir)).masterRef).toBe((await loadSnapshot(dir)).masterRef);
});

test("a broken edit is reported and the last good content stays in service", async () => {
  const errors: string[] = [];
  const store = new ContentStore({
    dir,
    checkIntervalMs: 0,
    onError: (_message, error) => errors.push((error as Error).message),
  });
  const good = await store.snapshot();
  writeFileSync(path.join(dir, "documents", "a.json"), "{ not json");
  expect(await store.snapshot()).toBe(good);
  expect(errors[0]).toMatch(/a\.json: invalid JSON/);
});

test("a first load names the file and the field that is wrong", async () => {
  writeDoc("b.json", { id: "B", type: "page", data: {} });
  await expect(loadSnapshot(dir)).rejects.toThrow(/b\.json: "lang" must be a non-empty string/);
  writeDoc("b.json", { id: "A", type: "page", lang: "fr-fr", data: {} });
  await expect(loadSnapshot(dir)).rejects.toThrow(/duplicate document id "A"/);
});

test("checks are throttled: within the interval the snapshot is reused", async () => {
  const store = new ContentStore({ dir, checkIntervalMs: 60_000, onError: unexpected });
  const first = await store.snapshot();
  writeDoc("a.json", { id: "A", type: "page", lang: "fr-fr", data: { title: "Changé" } });
  expect(await store.snapshot()).toBe(first);
});
