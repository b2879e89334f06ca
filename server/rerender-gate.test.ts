import fc from "fast-check";

import { RERENDER_HEADER } from "@/lib/cache/rerender-handoff.mjs";
import { rerenderGate, selfOrigin } from "@/server/rerender-gate.mjs";
import { FRONT_HEADERS } from "@/server/request-target.mjs";

const gate = () => rerenderGate("preview-id-0123", "a".repeat(64));

test("the server's own token on a GET asks Next for a fresh render; the token goes no further", () => {
  const headers: Record<string, string> = { [RERENDER_HEADER]: "a".repeat(64), accept: "text/html" };
  const { admit, routerHeaders } = gate();
  expect(admit("GET", headers)).toBe(true);
  expect(headers).toEqual({ accept: "text/html" });
  expect(routerHeaders).toEqual({ [FRONT_HEADERS.renderAnew]: "preview-id-0123" });
});

test("any other token, a repeated header, or another method: refused, and the header dropped", () => {
  fc.assert(
    fc.property(
      fc.oneof(fc.string({ maxLength: 80 }), fc.constant("a".repeat(63)), fc.constant("a".repeat(65))),
      fc.constantFrom("GET", "HEAD", "POST", "PUT"),
      (token, method) => {
        const headers: Record<string, string | string[]> = { [RERENDER_HEADER]: token };
        const admitted = gate().admit(method, headers);
        expect(admitted).toBe(method === "GET" && token === "a".repeat(64));
        expect(headers[RERENDER_HEADER]).toBeUndefined();
      },
    ),
  );
  const repeated: Record<string, string[]> = { [RERENDER_HEADER]: ["a".repeat(64), "a".repeat(64)] };
  expect(gate().admit("GET", repeated)).toBe(false);
  expect(gate().admit("POST", { [RERENDER_HEADER]: "a".repeat(64) })).toBe(false);
});

test("each server makes its own token", () => {
  expect(rerenderGate("x").token).not.toBe(rerenderGate("x").token);
  expect(rerenderGate("x").token).toMatch(/^[0-9a-f]{64}$/);
});

test.each([
  ["127.0.0.1", "http://127.0.0.1:3000"],
  ["0.0.0.0", "http://127.0.0.1:3000"],
  ["::", "http://[::1]:3000"],
  ["::1", "http://[::1]:3000"],
  ["10.0.0.5", "http://10.0.0.5:3000"],
])("a server listening on %s reaches itself at %s", (host, origin) => {
  expect(selfOrigin(host, 3000)).toBe(origin);
});
