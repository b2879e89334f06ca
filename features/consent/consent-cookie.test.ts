import {
  CONSENT_COOKIE,
  CONSENT_ID,
  newConsentId,
  parseConsent,
  parseSavedConsent,
  serializeConsent,
  serializeSavedConsent,
} from "./consent-cookie";

describe("consent cookie codec", () => {
  it("has a product-specific name", () => {
    expect(CONSENT_COOKIE).toMatch(/vifargent/);
    expect(["consent", "cc_cookie", "cookie_consent"]).not.toContain(CONSENT_COOKIE);
  });

  it("reads a JSON map of service id to boolean", () => {
    expect(parseConsent('{"necessary":true,"analytics":false,"youtube":true}')).toEqual({
      necessary: true,
      analytics: false,
      youtube: true,
    });
  });

  it("writes what it reads back", () => {
    const map = { necessary: true, analytics: false, vimeo: true };
    expect(parseConsent(serializeConsent(map))).toEqual(map);
    expect(JSON.parse(serializeConsent(map))).toEqual(map);
  });

  it.each([
    ["no cookie", undefined],
    ["an empty value", ""],
    ["a number", 42],
    ["truncated JSON", '{"necessary":true,"analytics":'],
    ["not JSON at all", "yes please"],
    ["JSON null", "null"],
    ["a JSON string", '"all"'],
    ["a JSON array", '["necessary","analytics"]'],
    ["a JSON number", "1"],
    ["a string flag", '{"analytics":"true"}'],
    ["a number flag", '{"analytics":1}'],
    ["a nested object", '{"analytics":{"enabled":true}}'],
    ["an upper-case id", '{"Analytics":true}'],
    ["an id with spaces", '{"google analytics":true}'],
    ["an overlong id", `{"${"a".repeat(40)}":true}`],
    ["a __proto__ key", '{"__proto__":{"polluted":true},"necessary":true}'],
    ["a constructor key", '{"constructor":true}'],
    ["a prototype key", '{"prototype":true}'],
    [
      "too many services",
      JSON.stringify(Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`s${i}`, true]))),
    ],
    ["an oversized value", `{"analytics":true,"x":"${"y".repeat(2000)}"}`],
  ])("reads %s as no consent", (_, raw) => {
    expect(parseConsent(raw)).toBeNull();
  });

  it("never pollutes Object.prototype", () => {
    parseConsent('{"__proto__":{"polluted":true}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("leaves invalid ids out when writing", () => {
    expect(serializeConsent({ necessary: true, "bad id": true } as Record<string, boolean>)).toBe(
      '{"necessary":true}',
    );
  });

  it("keeps the record's reference with the choices, and still reads a bare map written before", () => {
    const saved = {
      choices: { necessary: true, youtube: false },
      receipt: { id: newConsentId(), at: 1_764_201_600_000 },
    };
    expect(parseSavedConsent(serializeSavedConsent(saved))).toEqual(saved);
    expect(parseConsent(serializeSavedConsent(saved))).toEqual(saved.choices);
    expect(parseSavedConsent('{"necessary":true,"youtube":true}')).toEqual({
      choices: { necessary: true, youtube: true },
    });
  });

  it("makes consent ids of 16 random bytes, none alike", () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newConsentId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(CONSENT_ID);
  });

  it.each([
    ["a receipt without choices", '{"id":"AAAAAAAAAAAAAAAAAAAAAA","at":1}'],
    ["a short id", '{"id":"AAAA","at":1,"choices":{"necessary":true}}'],
    ["an id with other characters", '{"id":"AAAAAAAAAAAAAAAAAAAA/+","at":1,"choices":{"necessary":true}}'],
    ["a time that is text", '{"id":"AAAAAAAAAAAAAAAAAAAAAA","at":"today","choices":{"necessary":true}}'],
    ["a negative time", '{"id":"AAAAAAAAAAAAAAAAAAAAAA","at":-5,"choices":{"necessary":true}}'],
    [
      "a field no cookie has",
      '{"id":"AAAAAAAAAAAAAAAAAAAAAA","at":1,"choices":{"necessary":true},"ip":"1.2.3.4"}',
    ],
    ["choices that are not a map", '{"id":"AAAAAAAAAAAAAAAAAAAAAA","at":1,"choices":[true]}'],
  ])("reads %s as no consent", (_, raw) => {
    expect(parseSavedConsent(raw)).toBeNull();
  });
});
