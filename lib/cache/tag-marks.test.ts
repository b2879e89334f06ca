import { createClient } from "@redis/client";

import { startRedis, type RedisServer } from "@/test-support/redis";

import { markTags, mergeStoredMarks, sharedTagMarks, type TagManifest } from "./tag-marks.mjs";

const YEAR = 365 * 24 * 3600;

describe("marks", () => {
  test('"max" marks stale now and expired after its expire; no profile expires now', () => {
    const manifest: TagManifest = new Map([["a", { stale: 1 }]]);
    expect(markTags(manifest, ["a", "b"], { expire: YEAR }, 5_000)).toEqual([
      ["a", { stale: 5_000, expired: 5_000 + YEAR * 1000 }],
      ["b", { stale: 5_000, expired: 5_000 + YEAR * 1000 }],
    ]);
    expect(markTags(manifest, ["a"], undefined, 7_000)).toEqual([["a", { stale: 1, expired: 7_000 }]]);
  });

  test("stored marks merge in when they are later; malformed ones are ignored", () => {
    const manifest: TagManifest = new Map([
      ["newer-here", { stale: 9_000 }],
      ["older-here", { stale: 1_000 }],
    ]);
    mergeStoredMarks(manifest, {
      "newer-here": JSON.stringify({ stale: 2_000 }),
      "older-here": JSON.stringify({ stale: 3_000, expired: 4_000 }),
      fresh: JSON.stringify({ stale: 5_000 }),
      broken: "{",
      wrong: JSON.stringify({ stale: "soon" }),
      nothing: "null",
    });
    expect(Object.fromEntries(manifest)).toEqual({
      "newer-here": { stale: 9_000 },
      "older-here": { stale: 3_000, expired: 4_000 },
      fresh: { stale: 5_000 },
    });
  });
});

describe("marks shared through Redis", () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.close();
  });

  async function instance(key: string, failures: unknown[] = []) {
    const client = createClient({ url: redis.url });
    await client.connect();
    const manifest: TagManifest = new Map();
    const marks = sharedTagMarks({
      store: () => client,
      key,
      manifest,
      keepSeconds: 60,
      failed: (error) => failures.push(error),
      syncEveryMs: 0,
    });
    return { client, manifest, marks };
  }

  test("a mark made on one instance is in the other's map after its next read", async () => {
    const [one, two] = [
      await instance("site:build1:__tag_marks__"),
      await instance("site:build1:__tag_marks__"),
    ];
    try {
      await one.marks.mark(["_N_T_/layout"], { expire: YEAR });
      expect(one.manifest.get("_N_T_/layout")?.stale).toBeGreaterThan(0);
      expect(two.manifest.has("_N_T_/layout")).toBe(false);
      await two.marks.sync();
      expect(two.manifest.get("_N_T_/layout")).toEqual(one.manifest.get("_N_T_/layout"));
      expect(await one.client.ttl("site:build1:__tag_marks__")).toBeGreaterThan(0);
    } finally {
      await Promise.all([one.client.quit(), two.client.quit()]);
    }
  });

  test("another build's marks stay its own", async () => {
    const [one, other] = [
      await instance("site:build1:__tag_marks__"),
      await instance("site:build2:__tag_marks__"),
    ];
    try {
      await one.marks.mark(["_N_T_/contact"], { expire: YEAR });
      await other.marks.sync();
      expect(other.manifest.has("_N_T_/contact")).toBe(false);
    } finally {
      await Promise.all([one.client.quit(), other.client.quit()]);
    }
  });

  test("Redis away: the mark holds in this process, the failure is reported, nothing throws", async () => {
    const failures: unknown[] = [];
    const client = createClient({ url: redis.url, disableOfflineQueue: true });
    const manifest: TagManifest = new Map();
    const marks = sharedTagMarks({
      store: () => client,
      key: "k",
      manifest,
      keepSeconds: 60,
      failed: (error) => failures.push(error),
      syncEveryMs: 0,
    });
    await marks.mark(["_N_T_/layout"], { expire: YEAR });
    await marks.sync();
    expect(manifest.get("_N_T_/layout")?.stale).toBeGreaterThan(0);
    expect(failures).toHaveLength(2);
  });
});
