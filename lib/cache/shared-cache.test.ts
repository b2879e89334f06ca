import {
  cacheKeyPrefix,
  createOutageReporter,
  reconnectDelay,
  withOutageFallback,
  withStoredLifetime,
  type Handler,
} from "@/lib/cache/shared-cache.mjs";
import { parseStartEnv } from "@/lib/env/runtime-env.mjs";

const defaults = parseStartEnv({});

describe("cacheKeyPrefix", () => {
  it("puts the build id in every key, so two deployments never read each other's pages", () => {
    expect(cacheKeyPrefix("abc123\n", defaults)).toBe("site:abc123:");
    expect(cacheKeyPrefix("abc123", parseStartEnv({ REDIS_KEY_PREFIX: " vif-argent " }))).toBe(
      "vif-argent:abc123:",
    );
  });

  it("refuses to run without a build id", () => {
    expect(() => cacheKeyPrefix(undefined, defaults)).toThrow(/build id/);
    expect(() => cacheKeyPrefix("  ", defaults)).toThrow(/npm run build/);
  });
});

describe("reconnectDelay", () => {
  it("retries quickly at first, then every 2 s, never giving up", () => {
    expect(reconnectDelay(0)).toBe(250);
    expect(reconnectDelay(3)).toBe(1000);
    expect(reconnectDelay(1000)).toBe(2000);
  });
});

describe("createOutageReporter", () => {
  function reporter() {
    const lines: string[] = [];
    let clock = 0;
    const outage = createOutageReporter({
      log: (line) => lines.push(line),
      now: () => clock,
      intervalMs: 60_000,
    });
    return { outage, lines, advance: (ms: number) => (clock += ms) };
  }

  it("reports the first failure at once and then at most once a minute, with what fell back", () => {
    const { outage, lines, advance } = reporter();
    outage.failed(new Error("connect ECONNREFUSED 127.0.0.1:6379"));
    expect(lines).toEqual([
      "[cache] Redis unavailable (connect ECONNREFUSED 127.0.0.1:6379): pages render without the shared cache until it is back",
    ]);
    for (let i = 0; i < 500; i++) {
      advance(100);
      outage.failed(new Error("Redis client is not ready yet"));
    }
    expect(lines).toHaveLength(1);
    advance(10_000);
    outage.failed(new Error("Redis client is not ready yet"));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(
      "[cache] Redis still unavailable (Redis client is not ready yet): 501 cache operations fell back to rendering since the last report",
    );
    expect(outage.down).toBe(true);
  });

  it("reports the recovery once, and a new outage at once", () => {
    const { outage, lines } = reporter();
    outage.recovered();
    expect(lines).toEqual([]);
    outage.failed(new Error("Socket closed unexpectedly"));
    outage.recovered();
    outage.recovered();
    outage.failed(new Error("Socket closed unexpectedly"));
    expect(lines).toEqual([
      "[cache] Redis unavailable (Socket closed unexpectedly): pages render without the shared cache until it is back",
      "[cache] Redis reachable again: the shared cache is in use",
      "[cache] Redis unavailable (Socket closed unexpectedly): pages render without the shared cache until it is back",
    ]);
  });

  it("names the first cause of an aggregate error (a refused IPv4 and IPv6 connection)", () => {
    const { outage, lines } = reporter();
    outage.failed(new AggregateError([new Error("connect ECONNREFUSED ::1:6379")], ""));
    expect(lines[0]).toContain("(connect ECONNREFUSED ::1:6379)");
  });
});

describe("withOutageFallback", () => {
  const failing: Handler = {
    name: "redis-strings",
    get: () =>
      Promise.reject(new Error("Redis client is not ready yet or connection is lost. Keep trying...")),
    set: () => Promise.reject(new Error("down")),
    revalidateTag: () => Promise.reject(new Error("down")),
    delete: () => Promise.reject(new Error("down")),
  };

  it("answers a failed read as a miss and a failed write as done, reporting each", async () => {
    const failures: unknown[] = [];
    const handler = withOutageFallback(failing, {
      failed: (e) => failures.push(e),
      recovered: () => {},
      down: false,
    });
    await expect(handler.get("/fr", { implicitTags: [] })).resolves.toBeNull();
    await expect(handler.set("/fr", {})).resolves.toBeUndefined();
    await expect(handler.revalidateTag("_N_T_/fr")).resolves.toBeUndefined();
    await expect(handler.delete?.("/fr")).resolves.toBeUndefined();
    expect(failures).toHaveLength(4);
    expect(handler.name).toBe("redis-strings");
  });

  it("passes answers through untouched", async () => {
    const entry = { lastModified: 1, tags: [], value: { kind: "APP_PAGE" } };
    const handler = withOutageFallback(
      { ...failing, get: async () => entry, set: async () => undefined },
      { failed: () => {}, recovered: () => {}, down: false },
    );
    await expect(handler.get("/fr", { implicitTags: [] })).resolves.toBe(entry);
    await expect(handler.set("/fr", entry)).resolves.toBeUndefined();
  });
});

describe("withStoredLifetime", () => {
  /** A store as the shared handler is one: what one instance writes, another reads. */
  class Store {
    static entries = new Map<string, unknown>();
    async set(key: string, data: unknown) {
      Store.entries.set(key, { value: data, lastModified: 1 });
    }
    async get(key: string) {
      return (Store.entries.get(key) as Record<string, unknown> | undefined) ?? null;
    }
  }
  const Handler = withStoredLifetime(Store);

  test("a page's lifetime, set by the instance that rendered it, is read back by any other", async () => {
    const lifetime = { revalidate: 5, expire: 86_400 };
    await new Handler().set(
      "/fr/lists/works_page/film/1",
      { kind: "APP_PAGE", html: "<p>" },
      { cacheControl: lifetime },
    );
    const read = await new Handler().get("/fr/lists/works_page/film/1", { kind: "APP_PAGE" });
    expect(read).toMatchObject({ cacheControl: lifetime, value: { kind: "APP_PAGE", html: "<p>" } });
  });

  test("entries without a lifetime (fetch data, a build's seed) and misses read as before", async () => {
    await new Handler().set("fetch-key", { kind: "FETCH", data: {} }, { fetchCache: true });
    expect(await new Handler().get("fetch-key")).toEqual({
      value: { kind: "FETCH", data: {} },
      lastModified: 1,
    });
    await new Handler().set("gone", null, { cacheControl: { revalidate: 5 } });
    expect(await new Handler().get("gone")).toEqual({ value: null, lastModified: 1 });
    expect(await new Handler().get("never-written")).toBeNull();
  });
});
