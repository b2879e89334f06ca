import fc from "fast-check";

import { metricsAccess } from "@/server/metrics-endpoint.mjs";

const TOKEN = "0123456789abcdef0123456789abcdef";

describe("who may read the metrics", () => {
  test("without a token: this machine only, never through a proxy", () => {
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1"])
      expect(metricsAccess({ remoteAddress: address, headers: {} }, undefined)).toEqual({ allowed: true });
    expect(
      metricsAccess({ remoteAddress: "127.0.0.1", headers: { "x-forwarded-for": "127.0.0.1" } }, undefined),
    ).toMatchObject({ allowed: false, status: 403 });
    expect(
      metricsAccess({ remoteAddress: "127.0.0.1", headers: { "x-real-ip": "10.0.0.1" } }, undefined),
    ).toMatchObject({ allowed: false, status: 403 });
  });

  test("any other address is refused without a token", () => {
    fc.assert(
      fc.property(fc.oneof(fc.ipV4(), fc.ipV6()), (address) => {
        fc.pre(!["127.0.0.1", "::1"].includes(address));
        expect(metricsAccess({ remoteAddress: address, headers: {} }, undefined).allowed).toBe(false);
      }),
      { seed: 24 },
    );
  });

  test("with a token: the bearer token alone opens it, from anywhere", () => {
    expect(
      metricsAccess({ remoteAddress: "192.0.2.1", headers: { authorization: `Bearer ${TOKEN}` } }, TOKEN),
    ).toEqual({ allowed: true });
    fc.assert(
      fc.property(fc.string(), fc.constantFrom("127.0.0.1", "192.0.2.1"), (given, address) => {
        fc.pre(given.trim() !== TOKEN);
        for (const authorization of [given, `Bearer ${given}`, `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
          expect(metricsAccess({ remoteAddress: address, headers: { authorization } }, TOKEN)).toMatchObject({
            allowed: false,
            status: 401,
          });
        }
      }),
      { seed: 25 },
    );
  });
});
