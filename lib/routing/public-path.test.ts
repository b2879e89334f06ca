import fc from "fast-check";

import { LANGS, localePath } from "@/lib/i18n/locales";
import { publicPathOf } from "@/lib/routing/public-path";
import { resolvePath } from "@/lib/routing/resolve-path";
import { PAGE_TYPE_NAMES, PAGE_TYPES } from "@/lib/site/page-types";

/** Every public page path in every language: the page types, and works. */
const publicPath = fc.oneof(
  fc
    .tuple(fc.constantFrom(...LANGS), fc.constantFrom(...PAGE_TYPE_NAMES))
    .map(([lang, type]) => localePath(lang, PAGE_TYPES[type].path)),
  fc
    .tuple(fc.constantFrom(...LANGS), fc.stringMatching(/^[a-z0-9]{1,12}(?:-[a-z0-9]{1,12}){0,3}$/))
    .map(([lang, uid]) => localePath(lang, `/works/${uid}`)),
);

describe("publicPathOf", () => {
  test("a public path is itself; the app path the router rewrote it to comes back to it", () => {
    fc.assert(
      fc.property(publicPath, fc.constantFrom("", "?_rsc=", "?_rsc=abc", "?page=1"), (path, query) => {
        expect(publicPathOf(path)).toBe(path);
        expect(publicPathOf(`${path}${query}`)).toBe(path);
        const resolution = resolvePath(path, new URLSearchParams());
        expect(resolution.kind).not.toBe("not-found");
        if ("internal" in resolution) expect(publicPathOf(resolution.internal)).toBe(path);
      }),
      { seed: 29 },
    );
  });

  test.each([
    ["/fr/lists/works_page/1", "/works"],
    ["/fr/lists/works_page/3", "/works"],
    ["/en/lists/works_completed_page/2", "/en/works-completed"],
    ["/fr", "/"],
    ["/en", "/en"],
    ["/fr/legals", "/legals"],
    ["/works?_rsc=", "/works"],
    ["/", "/"],
    ["", "/"],
    ["/fr/lists/nope/1", "/lists/nope/1"],
  ])("%s is shown as %s", (pathname, expected) => {
    expect(publicPathOf(pathname)).toBe(expected);
  });
});
