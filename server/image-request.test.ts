import fc from "fast-check";

import { isCanonicalImageQuery } from "@/server/image-request.mjs";

const canonical = (name: string, w = 640, q = 75) =>
  `url=${encodeURIComponent(`/assets/${name}`)}&w=${w}&q=${q}`;

describe("which image requests reach the optimiser", () => {
  test("the spelling next/image writes for a bundled asset", () => {
    expect(isCanonicalImageQuery(canonical("cover-electrique.jpg"))).toBe(true);
    expect(isCanonicalImageQuery(canonical("logo_abyssea.v2.png", 3840, 90))).toBe(true);
  });

  test.each([
    "url=%2Fassets%2Fcover.jpg&w=640",
    "w=640&url=%2Fassets%2Fcover.jpg&q=75",
    "url=%2Fassets%2Fcover.jpg&w=640&q=75&x=1",
    "url=%2Fassets%2Fcover.jpg&w=640&q=75&",
    "url=/assets/cover.jpg&w=640&q=75",
    "url=%2Fassets%2F%2Fcover.jpg&w=640&q=75",
    "url=%2Fassets%5Ccover.jpg&w=640&q=75",
    "url=%2Fassets%2F..%2Fcover.jpg&w=640&q=75",
    "url=%2Fassets%2F.%2Fcover.jpg&w=640&q=75",
    "url=%2Fassets%2F%63over.jpg&w=640&q=75",
    "url=%2Fassets%2Fcover.jpg%23x&w=640&q=75",
    "url=%2Fassets%2Fcover.jpg%3F&w=640&q=75",
    "url=%2Fworks&w=640&q=75",
    "url=https%3A%2F%2Fimages.prismic.io%2Fother%2Fa.jpg&w=640&q=75",
    "url=%2Fassets%2Fcover.jpg&w=0640&q=75",
    "url=%2Fassets%2Fcover.jpg&w=640&q=75.0",
    "url=%E0%A4%A&w=640&q=75",
    "",
  ])("%s is refused", (query) => {
    expect(isCanonicalImageQuery(query)).toBe(false);
  });

  test("any other spelling of a picture is refused: one file, one key", () => {
    const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,20}\.(jpg|png)$/);
    const noise = fc.constantFrom(
      "%2F",
      "%2E",
      ".",
      "..",
      "%25",
      "%23",
      "#",
      "?",
      "&",
      "%5C",
      "//",
      "%00",
      "+",
      " ",
      "é",
    );
    fc.assert(
      fc.property(name, noise, fc.nat(40), (file, extra, at) => {
        const query = canonical(file);
        const position = Math.min(at, query.length);
        const spelled = query.slice(0, position) + extra + query.slice(position);
        fc.pre(spelled !== query);
        // Another spelling passes only if it names another canonical request, never this file twice.
        if (isCanonicalImageQuery(spelled)) {
          const path = decodeURIComponent(new URLSearchParams(spelled).get("url") ?? "");
          expect(encodeURIComponent(path)).toBe(spelled.split("&")[0].slice(4));
          expect(path).not.toBe(`/assets/${file}`);
        }
      }),
      { numRuns: 2000, seed: 22 },
    );
  });
});
