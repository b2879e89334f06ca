import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import type { NoticeWords } from "./notice-words";
import { createRecordStore, dayOf } from "./record-store";

/** `npm run consent:proof` as an operator runs it, on a store written by the site's own code. */

const run = promisify(execFile);
const CLI = path.join(__dirname, "proof-cli.ts");
const TSX = path.join(__dirname, "../../node_modules/.bin/tsx");
const DAY = 86_400_000;
const ID = "q0Vb3c8yX1s7mYwz2LkP4A";

let dir: string;
let version: string;

const WORDS: NoticeWords = {
  fr: {
    labels: { "consent.notice": "Nous utilisons des cookies pour mesurer l’audience." },
    services: [
      {
        id: "necessary",
        name: "Cookies nécessaires",
        description: "Ils retiennent vos choix.",
        required: true,
      },
      {
        id: "youtube",
        name: "YouTube",
        description: "Lit les vidéos hébergées sur YouTube.",
        required: false,
      },
    ],
  },
  en: {
    labels: { "consent.notice": "We use cookies to measure our audience." },
    services: [
      { id: "necessary", name: "Necessary cookies", description: "They keep your choices.", required: true },
      { id: "youtube", name: "YouTube", description: "Plays the videos hosted on YouTube.", required: false },
    ],
  },
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "consent-proof-cli-"));
  const now = Date.now();
  const store = createRecordStore({
    dir,
    retentionDays: 760,
    maxBytes: 1 << 20,
    instance: "a",
    now: () => now,
  });
  version = (await store.registerVersion(WORDS)).id;
  const base = { version, lang: "fr" };
  await store.append({
    ...base,
    consentId: ID,
    kind: "accept_all",
    choices: { necessary: true, youtube: true },
    choiceAt: new Date(now - 2 * DAY).toISOString(),
    recordedAt: new Date(now - 2 * DAY).toISOString(),
  });
  await store.append({
    ...base,
    consentId: ID,
    kind: "withdrawal",
    choices: { necessary: true, youtube: false },
    choiceAt: new Date(now).toISOString(),
    recordedAt: new Date(now).toISOString(),
  });
  await store.append({
    ...base,
    consentId: "OtherOtherOtherOther00",
    kind: "refuse_all",
    choices: { necessary: true, youtube: false },
    choiceAt: new Date(now).toISOString(),
    recordedAt: new Date(now).toISOString(),
  });
  await store.close();
}, 30_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function cli(...args: string[]) {
  try {
    const { stdout, stderr } = await run(TSX, [CLI, ...args], {
      env: { ...process.env, CONSENT_STORE_DIR: dir },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

test("prints every choice of a consent with the words its visitor saw", async () => {
  const { code, stdout } = await cli(ID);
  expect(code).toBe(0);
  expect(stdout).toContain(`Consent ${ID}: 2 choice(s)`);
  expect(stdout.indexOf("accept_all")).toBeLessThan(stdout.indexOf("withdrawal"));
  expect(stdout).toContain("YouTube (youtube): refused");
  expect(stdout).toContain(`Notice version ${version}, first shown`);
  // The words are printed once, however many choices were made on them.
  expect(stdout.split("consent.notice:")).toHaveLength(2);
  expect(stdout).toContain("consent.notice: Nous utilisons des cookies pour mesurer l’audience.");
  expect(stdout).toContain("service necessary (required): Cookies nécessaires: Ils retiennent vos choix.");
  expect(stdout).not.toContain("OtherOther");
  const json = JSON.parse((await cli(ID, "--json")).stdout);
  expect(json.records).toHaveLength(2);
  expect(json.versions[version].words).toEqual(WORDS);
}, 30_000);

test("exports the records of a range of days as JSON lines", async () => {
  const today = dayOf(Date.now());
  const { code, stdout } = await cli("--from", today, "--to", today);
  expect(code).toBe(0);
  const kinds = stdout
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line).kind);
  expect(kinds.sort()).toEqual(["refuse_all", "withdrawal"]);
  const all = await cli("--from", dayOf(Date.now() - 3 * DAY), "--to", today);
  expect(all.stdout.trimEnd().split("\n")).toHaveLength(3);
}, 30_000);

test("says clearly when nothing matches or the call is wrong", async () => {
  expect(await cli("NoSuchConsentNoSuch000")).toMatchObject({
    code: 1,
    stderr: expect.stringContaining("no record of consent"),
  });
  expect(await cli()).toMatchObject({ code: 2, stderr: expect.stringContaining("usage:") });
  expect(await cli("--from", "2026-13-01", "--to", "yesterday")).toMatchObject({ code: 2 });
}, 30_000);
