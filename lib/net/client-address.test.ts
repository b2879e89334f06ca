import { parseEnv } from "@/lib/env/env";
import { clientAddress, trustedProxies } from "@/lib/net/client-address";

describe("clientAddress", () => {
  it("finds the client's address behind trusted proxies only", () => {
    expect(trustedProxies(parseEnv({}))).toBe(0);
    expect(trustedProxies(parseEnv({ TRUST_PROXY: "true" }))).toBe(1);
    expect(trustedProxies(parseEnv({ TRUST_PROXY: "2" }))).toBe(2);
    expect(() => parseEnv({ TRUST_PROXY: "yes please" })).toThrow(/TRUST_PROXY="yes please"/);
    expect(clientAddress("203.0.113.9", 0)).toBe("203.0.113.9");
    // A client that forges the header is seen by nginx, which appends the real address.
    expect(clientAddress("1.2.3.4, 203.0.113.9", 1)).toBe("203.0.113.9");
    expect(clientAddress("1.2.3.4, 203.0.113.9, 10.0.0.2", 2)).toBe("203.0.113.9");
    expect(clientAddress(null, 1)).toBe("unknown");
  });
});
