import fc from "fast-check";

import { isDraftSessionCookie } from "@/lib/preview/draft-session";

const ID = "b77323d9d379dcae52d15d5805136068";

test("only the build's preview id opens a session", () => {
  expect(isDraftSessionCookie(ID, ID)).toBe(true);
  expect(isDraftSessionCookie(undefined, ID)).toBe(false);
  expect(isDraftSessionCookie("", ID)).toBe(false);
  expect(isDraftSessionCookie(`"${ID}"`, ID)).toBe(false);
  fc.assert(
    fc.property(fc.string(), (value) => {
      expect(isDraftSessionCookie(value, ID)).toBe(value === ID);
    }),
  );
});

test("a build without a preview id has no sessions at all", () => {
  expect(isDraftSessionCookie("", "")).toBe(false);
  expect(isDraftSessionCookie(ID, "")).toBe(false);
});
