import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { appPathOfCacheKey, seededAt, seedKey } from "./build-seed.mjs";

test("a page seeded from the build is stale at once, and never so old that Next would not serve it", () => {
  const now = 1_800_000_000_000;
  const lifetimes = { staleAfterSeconds: 120, expireSeconds: 86_400 };
  expect(seededAt(now - 1_000, now, lifetimes)).toBe(now - 120_000);
  expect(seededAt(now - 3_600_000, now, lifetimes)).toBe(now - 3_600_000);
  expect(seededAt(now - 30 * 86_400_000, now, lifetimes)).toBe(now - (86_400 - 60) * 1000);
});

describe("where a seeded page goes", () => {
  const server = mkdtempSync(path.join(tmpdir(), "seed-"));
  const key = "/route-cache/APP_PAGE/87188dbe/$/fr/legals";
  beforeAll(() => {
    mkdirSync(path.join(server, "app", "fr"), { recursive: true });
    writeFileSync(
      path.join(server, "app", "fr", "legals.meta"),
      JSON.stringify({ headers: {}, routeCache: { key } }),
    );
    writeFileSync(path.join(server, "app", "fr", "contact.meta"), JSON.stringify({ headers: {} }));
    writeFileSync(path.join(server, "app", "fr", "broken.meta"), "{");
  });
  afterAll(() => rmSync(server, { recursive: true, force: true }));

  test("under the route-cache key its build metadata names, where Next reads it", async () => {
    expect(await seedKey(server, "/fr/legals")).toBe(key);
  });

  test.each(["/fr/contact", "/fr/broken", "/fr/missing"])(
    "%s, without such a key: its app path, as before",
    async (appPath) => {
      expect(await seedKey(server, appPath)).toBe(appPath);
    },
  );
});

test.each([
  ["/route-cache/APP_PAGE/87188dbe/$/fr/legals", "/fr/legals"],
  ["/route-cache/APP_PAGE/87188dbe/$/fr", "/fr"],
  ["/route-cache/APP_ROUTE/eac4bd33/$/sitemap.xml", "/sitemap.xml"],
  ["/en/works/electric", "/en/works/electric"],
  ["/route-cache/APP_PAGE/87188dbe", undefined],
  ["fetch-cache-key", undefined],
])("the page a cache key is for: %s → %s", (key, appPath) => {
  expect(appPathOfCacheKey(key)).toBe(appPath);
});
