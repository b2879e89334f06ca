import fc from "fast-check";

import { isSafeHref } from "@/lib/content/link-href";
import { attackPieces } from "@/test-support/redirect-attacks";

/** A page of the site, some levels deep, where a content link is clicked. */
const PAGE = "https://studio.example/en/works/some-work?x=1#credits";
const SITE = new URL(PAGE).origin;

describe("isSafeHref", () => {
  test.each([
    "/works/aurores-boreales",
    "/en/legals#cookies",
    "#credits",
    "?page=2",
    "https://vimeo.com/123",
    "http://example.com/a",
    "mailto:hello@studio.example",
    "tel:+33123456789",
  ])("%s may be linked", (href) => {
    expect(isSafeHref(href)).toBe(true);
  });

  test.each([
    "javascript:alert(1)",
    " javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "//evil.example",
    "/\\evil.example/login",
    "/\t/evil.example",
    "/\n/evil.example",
    "/%2F/evil.example",
    "\\\\evil.example",
    "vbscript:x",
    "https://evil.example/\u0000",
  ])("%j may not", (href) => {
    expect(isSafeHref(href)).toBe(false);
  });

  test("a link that does not name a scheme never leaves the site, whatever it holds", () => {
    const href = fc.oneof(
      attackPieces(8),
      attackPieces(6).map((joined) => `/${joined}`),
      fc.string({ unit: "binary", maxLength: 24 }).map((text) => `/${text}`),
      fc.string({ unit: "grapheme", maxLength: 24 }),
    );
    fc.assert(
      fc.property(href, (value) => {
        if (!isSafeHref(value) || /^\s*(https?|mailto|tel):/i.test(value)) return;
        // What a browser makes of the href on the page: the same origin.
        expect(new URL(value, PAGE).origin).toBe(SITE);
      }),
      { numRuns: 5000, seed: 22 },
    );
  });

  test("a link that names a scheme is web, mail or phone, never script or data", () => {
    fc.assert(
      fc.property(attackPieces(8), (value) => {
        if (!isSafeHref(value)) return;
        let protocol: string;
        try {
          protocol = new URL(value, PAGE).protocol;
        } catch {
          return;
        }
        expect(["http:", "https:", "mailto:", "tel:"]).toContain(protocol);
      }),
      { numRuns: 5000, seed: 23 },
    );
  });
});
