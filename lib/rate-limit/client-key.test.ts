import fc from "fast-check";

import { clientKey } from "./client-key";

/** An IPv6 address as eight groups. */
const groups = fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 });

/** How one IPv6 address is written: padding and case per group, "::" or not, a zone or a port. */
const style = fc.record({
  pad: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
  upper: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
  compress: fc.boolean(),
  wrap: fc.constantFrom("none", "zone", "port"),
  port: fc.integer({ min: 1, max: 65535 }),
});

function written(address: number[], how: StyleOf): string {
  const parts = address.map((group, index) => {
    const hex = how.pad[index] ? group.toString(16).padStart(4, "0") : group.toString(16);
    return how.upper[index] ? hex.toUpperCase() : hex;
  });
  let text = parts.join(":");
  // "::" in place of the longest run of two or more zero groups.
  const zeros = /(?:^|:)(0+(?::0+)+)(?::|$)/i.exec(text);
  if (how.compress && zeros) {
    text = `${text.slice(0, zeros.index)}::${text.slice(zeros.index + zeros[0].length)}`.replace(":::", "::");
  }
  if (how.wrap === "zone") return `${text}%eth0`;
  if (how.wrap === "port") return `[${text}]:${how.port}`;
  return text;
}

type StyleOf = { pad: boolean[]; upper: boolean[]; compress: boolean; wrap: string; port: number };

describe("clientKey", () => {
  test("every spelling of addresses in one /64 gives one key", () => {
    fc.assert(
      fc.property(groups, groups, style, style, (a, b, styleA, styleB) => {
        const sameNetwork = [...a.slice(0, 4), ...b.slice(4)];
        fc.pre(!(a.slice(0, 5).every((group) => group === 0) && a[5] === 0xffff));
        const key = clientKey(written(a, styleA));
        // Read as an IPv6 address (not kept as unknown text), and the same for its neighbour.
        expect(key).toMatch(/^[0-9a-f]{1,4}(?::[0-9a-f]{1,4}){3}::\/64$/);
        expect(clientKey(written(sameNetwork, styleB))).toBe(key);
      }),
      { numRuns: 2000 },
    );
  });

  test("addresses in different /64s never share a key", () => {
    fc.assert(
      fc.property(groups, groups, (a, b) => {
        fc.pre(a.slice(0, 4).join() !== b.slice(0, 4).join());
        const text = (value: number[]) => value.map((group) => group.toString(16)).join(":");
        expect(clientKey(text(a))).not.toBe(clientKey(text(b)));
      }),
      { numRuns: 2000 },
    );
  });

  test("IPv4, as is, as an IPv4-mapped IPv6 address, or with a port, is one key per address", () => {
    fc.assert(
      fc.property(fc.ipV4(), (address) => {
        expect(clientKey(address)).toBe(address);
        expect(clientKey(`::ffff:${address}`)).toBe(address);
        expect(clientKey(`::FFFF:${address}`)).toBe(address);
        expect(clientKey(`${address}:443`)).toBe(address);
      }),
    );
    expect(clientKey("::ffff:c000:0201")).toBe("192.0.2.1");
  });

  test("a few spelled out", () => {
    expect(clientKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:0DB8:0001:0002:ffff:1:2:3")).toBe("2001:db8:1:2::/64");
    expect(clientKey("[2001:db8:1:2::9]:8080")).toBe("2001:db8:1:2::/64");
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientKey("unknown")).toBe("unknown");
  });
});
