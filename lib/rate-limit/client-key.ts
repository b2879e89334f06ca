import { isIPv4, isIPv6 } from "node:net";

/**
 * Who a rate limit counts a message against. One person on IPv6 usually holds a whole /64 (a
 * home or mobile network hands one out; every device picks addresses in it at will), so each
 * IPv6 address counts as its /64; IPv4 addresses count as themselves. Every textual form of one
 * address gives one key: compressed or not, leading zeros, letter case, a zone id, brackets and
 * a port, an IPv4-mapped IPv6 address (which is the IPv4 address).
 */

/** The address without what may surround it in a header: brackets, a port, a zone id. */
function bareAddress(text: string): string {
  let address = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1];
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  return address.replace(/%.*$/, "").toLowerCase();
}

/** The eight 16-bit groups of an IPv6 address. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill("0"), ...right].map((group) => parseInt(group, 16));
}

/** The key of the client at `address` (anything that is not an IP address is its own key). */
export function clientKey(address: string): string {
  const bare = bareAddress(address);
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return address.trim().slice(0, 64);
  const groups = ipv6Groups(bare);
  // ::ffff:a.b.c.d is the IPv4 address a.b.c.d.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}
