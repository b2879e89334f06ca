import fc from "fast-check";

import {
  decodeBytes,
  decodeQueryComponent,
  encodeQueryBytes,
  encodeSegment,
  parameterName,
} from "@/lib/net/url-encoding.mjs";

/**
 * The site's one spelling of a URL's parts. The front (server/request-target.mjs) hands these
 * functions a request's bytes after refusing anything outside printable ASCII, so the generated
 * input is that: printable ASCII, with percent-escapes of every kind mixed in.
 */

const HEX = "0123456789abcdefABCDEF";
/** An escape, valid or not: "%41", "%c3", "%", "%4", "%zz". */
const escape = fc.oneof(
  fc.tuple(fc.constantFrom(...HEX), fc.constantFrom(...HEX)).map(([high, low]) => `%${high}${low}`),
  fc.constantFrom("%", "%4", "%zz", "%%", "%G1", "%2", "%%41"),
);
/** What a request's query or path holds once the front has checked it is printable ASCII. */
const printable = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)),
      escape,
    ),
    {
      maxLength: 30,
    },
  )
  .map((pieces) => pieces.join(""));
/** Any Unicode text, astral characters included (a decoded segment can hold anything). */
const text = fc.string({ unit: "grapheme", maxLength: 20 });

describe("decodeBytes", () => {
  test.each([
    ["", ""],
    ["works", "works"],
    ["caf%C3%A9", "café"],
    ["caf%c3%a9", "café"],
    ["%F0%9F%8E%AC", "🎬"],
    ["a+b", "a+b"],
    ["%2F%2e%25", "/.%"],
    ["%00", "\u0000"],
  ])("%j is %j", (raw, decoded) => {
    expect(decodeBytes(raw)).toBe(decoded);
  });

  test.each([
    "%",
    "a%",
    "%4",
    "%zz",
    "%G1",
    // Not UTF-8: a lone continuation byte, a cut sequence, an overlong "/", a surrogate, past U+10FFFF.
    "%80",
    "%C3",
    "caf%C3",
    "%C0%AF",
    "%ED%A0%80",
    "%F4%90%80%80",
    "%FF",
  ])("%j is malformed: undefined", (raw) => {
    expect(decodeBytes(raw)).toBeUndefined();
  });

  test("reads what encodeURIComponent writes, and what encodeSegment writes", () => {
    fc.assert(
      fc.property(text, (value) => {
        expect(decodeBytes(encodeURIComponent(value))).toBe(value);
        expect(decodeBytes(encodeSegment(value))).toBe(value);
      }),
      { seed: 41, numRuns: 500 },
    );
  });

  test("agrees with decodeURIComponent wherever that one decodes", () => {
    fc.assert(
      fc.property(printable, (raw) => {
        let expected: string | undefined;
        try {
          expected = decodeURIComponent(raw);
        } catch {
          expected = undefined;
        }
        expect(decodeBytes(raw)).toBe(expected);
      }),
      { seed: 42, numRuns: 1_000 },
    );
  });
});

describe("encodeSegment", () => {
  test.each([
    ["works", "works"],
    ["night_watch.2", "night_watch.2"],
    ["café", "caf%C3%A9"],
    ["a/b", "a%2Fb"],
    ["a b", "a%20b"],
    ["100%", "100%25"],
    ["a?b#c", "a%3Fb%23c"],
    ["a\\b", "a%5Cb"],
    ["`{|}^[]", "%60%7B%7C%7D%5E%5B%5D"],
    ["!$&'()*+,;=:@~-", "!$&'()*+,;=:@~-"],
    ["🎬", "%F0%9F%8E%AC"],
  ])("%j is written %j", (value, spelled) => {
    expect(encodeSegment(value)).toBe(spelled);
  });

  test("writes printable ASCII, upper-case hex, no separator: one spelling, read back whole", () => {
    fc.assert(
      fc.property(text, (value) => {
        const spelled = encodeSegment(value);
        expect(spelled).toMatch(/^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-F]{2})*$/);
        expect(spelled).not.toMatch(/[/?#\\]/);
        expect(decodeBytes(spelled)).toBe(value);
        // Once decoded and written again, nothing changes: the spelling is a fixed point.
        expect(encodeSegment(decodeBytes(spelled)!)).toBe(spelled);
      }),
      { seed: 43, numRuns: 1_000 },
    );
  });
});

describe("encodeQueryBytes", () => {
  test.each([
    ["page=2", "page=2"],
    ["q=%c3%a9", "q=%C3%A9"],
    ["discount=100%", "discount=100%25"],
    ["discount=100%25", "discount=100%25"],
    ["a=%zz", "a=%25zz"],
    ["a=%4", "a=%254"],
    ["x=%5C", "x=%5C"],
    ["q=%C3", "q=%C3"],
    ["q=it's", "q=it%27s"],
    ["a=[1]&b={|}^`", "a=%5B1%5D&b=%7B%7C%7D%5E%60"],
    ["redirect=/works?x=1", "redirect=/works?x=1"],
    ["a+b=c+d", "a+b=c+d"],
    // Node hands a request's bytes over as latin1: a raw byte is escaped as that byte.
    ["q=caf\u00e9", "q=caf%E9"],
    ["q=a b\r\n", "q=a%20b%0D%0A"],
  ])("%j is written %j", (raw, spelled) => {
    expect(encodeQueryBytes(raw)).toBe(spelled);
  });

  test("writes printable ASCII with only valid, upper-case escapes; a second pass changes nothing", () => {
    const bytes = fc
      .array(fc.integer({ min: 0, max: 0xff }), { maxLength: 30 })
      .map((codes) => String.fromCharCode(...codes));
    fc.assert(
      fc.property(fc.oneof(printable, bytes), (raw) => {
        const spelled = encodeQueryBytes(raw);
        expect(spelled).toMatch(/^(?:[A-Za-z0-9\-._~!$&()*+,;=:@/?]|%[0-9A-F]{2})*$/);
        expect(encodeQueryBytes(spelled)).toBe(spelled);
      }),
      { seed: 44, numRuns: 2_000 },
    );
  });

  test("reads back to the same parameters as URLSearchParams reads the original", () => {
    fc.assert(
      fc.property(printable, (raw) => {
        expect([...new URLSearchParams(encodeQueryBytes(raw))]).toEqual([...new URLSearchParams(raw)]);
      }),
      { seed: 45, numRuns: 2_000 },
    );
  });

  test("a query of whole parts is the parts written one by one (the front writes them so)", () => {
    fc.assert(
      fc.property(
        fc.array(
          printable.filter((part) => !part.includes("&")),
          { maxLength: 5 },
        ),
        (parts) => {
          expect(encodeQueryBytes(parts.join("&"))).toBe(parts.map(encodeQueryBytes).join("&"));
        },
      ),
      { seed: 46, numRuns: 500 },
    );
  });
});

describe("parameterName and decodeQueryComponent", () => {
  test.each([
    ["page=2", "page"],
    ["pa%67e=2", "page"],
    ["PAGE=2", "PAGE"],
    ["page", "page"],
    ["=x", ""],
    ["a+b=1", "a b"],
    ["a%2Bb=1", "a+b"],
    ["a%3Db=1", "a=b"],
    // Malformed: the name as sent, as URLSearchParams keeps it.
    ["pa%ge=2", "pa%ge"],
    ["page%C3=1", "page%C3"],
  ])("%j names %j", (part, name) => {
    expect(parameterName(part)).toBe(name);
  });

  test("names a part as URLSearchParams does, and re-encoding a part that decodes never renames it", () => {
    const part = printable.filter((value) => !value.includes("&") && !value.includes("%"));
    const escaped = printable.filter(
      (value) => !value.includes("&") && /^(?:[^%]|%[0-9A-Fa-f]{2})*$/.test(value),
    );
    fc.assert(
      fc.property(fc.oneof(part, escaped), (raw) => {
        fc.pre(raw !== "");
        // (After "&": URLSearchParams drops a leading "?", where the front reads a name.)
        const [[name]] = [...new URLSearchParams(`&${raw}`)];
        // URLSearchParams writes U+FFFD for bytes that are not UTF-8, where the name is kept as
        // sent: such a name is never one a page reads, and the front only names re-encoded parts.
        if (name.includes("\ufffd")) return;
        expect(parameterName(raw)).toBe(name);
        expect(parameterName(encodeQueryBytes(raw))).toBe(name);
      }),
      { seed: 47, numRuns: 1_000 },
    );
  });

  test("decodeQueryComponent reads '+' as a space, and keeps a malformed value as sent", () => {
    expect(decodeQueryComponent("brand+content")).toBe("brand content");
    expect(decodeQueryComponent("brand%2Dcontent")).toBe("brand-content");
    expect(decodeQueryComponent("100%")).toBe("100%");
    expect(decodeQueryComponent("%C3+x")).toBe("%C3 x");
  });
});
