import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { freePort } from "@/test-support/free-port";
import { proxyPurgeUrls, purgeProxyCaches } from "@/lib/cache/proxy-purge";
import { parseEnv } from "@/lib/env/env";

describe("proxyPurgeUrls", () => {
  it("reads one purge address per proxy", () => {
    expect(proxyPurgeUrls(parseEnv({}))).toEqual([]);
    expect(
      proxyPurgeUrls(
        parseEnv({ PROXY_PURGE_URLS: "http://10.0.0.5/purge-all, http://10.0.0.6/purge-all" }),
      ).map(String),
    ).toEqual(["http://10.0.0.5/purge-all", "http://10.0.0.6/purge-all"]);
  });

  it("names the variable when an entry is not an http(s) URL", () => {
    expect(() => parseEnv({ PROXY_PURGE_URLS: "10.0.0.5/purge-all" })).toThrow(
      'Invalid environment: PROXY_PURGE_URLS="10.0.0.5/purge-all" lists "10.0.0.5/purge-all", not an http(s) URL',
    );
  });
});

describe("purgeProxyCaches", () => {
  let server: Server;
  let origin: string;
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      if (request.url === "/hang") return; // never answers
      response.statusCode = request.url === "/empty" ? 404 : request.url === "/broken" ? 500 : 200;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("sends PURGE to every proxy and reports each one without throwing", async () => {
    const closed = `http://127.0.0.1:${await freePort()}/purge-all`;
    const errors = jest.fn();
    const results = await purgeProxyCaches(
      [`${origin}/purge-all`, `${origin}/empty`, `${origin}/broken`, `${origin}/hang`, closed].map(
        (u) => new URL(u),
      ),
      { error: errors },
    );
    expect(seen).toEqual(
      expect.arrayContaining(["PURGE /purge-all", "PURGE /empty", "PURGE /broken", "PURGE /hang"]),
    );
    // A 404 is a wrong purge address (deploy/nginx answers 200), not an empty cache.
    expect(results.map(({ ok }) => ok)).toEqual([true, false, false, false, false]);
    expect(results[1].detail).toBe("404");
    expect(results[2].detail).toBe("500");
    expect(results[3].detail).toMatch(/timeout|aborted/i);
    expect(errors).toHaveBeenCalledTimes(4);
    expect(errors.mock.calls.map(([line]) => line).join("\n")).toContain(`purging ${closed} failed`);
  });
});
