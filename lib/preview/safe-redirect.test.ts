import { isPreviewToken } from "@/lib/preview/preview-token";
import { safeRedirectPath } from "@/lib/preview/safe-redirect";

describe("preview redirects stay on the site", () => {
  test.each([
    ["/works/aurores-boreales", "/works/aurores-boreales"],
    ["/en/works/x?y=1#credits", "/en/works/x?y=1#credits"],
    ["/", "/"],
  ])("%s is kept", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  test.each([
    "https://evil.example/",
    "http:evil.example",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/%2Fevil.example",
    "/%2F%2Fevil.example",
    "/%252F%252Fevil.example",
    "/%5Cevil.example",
    "/%5c%5cevil.example",
    "/\tevil",
    "/%09/evil.example",
    "javascript:alert(1)",
    "evil.example",
    "",
    "/%E0%A4%A",
  ])("%s falls back to the home page", (input) => {
    expect(safeRedirectPath(input)).toBe("/");
  });

  test("non-strings fall back too", () => {
    expect(safeRedirectPath(null)).toBe("/");
    expect(safeRedirectPath(undefined, "/en")).toBe("/en");
  });
});

describe("preview tokens", () => {
  test("only this repository's https preview URLs are tokens", () => {
    expect(
      isPreviewToken("https://vif-argent.prismic.io/previews/abc?websitePreviewId=abc", "vif-argent"),
    ).toBe(true);
    expect(isPreviewToken("https://vif-argent.prismic.io/previews/abc:def", "vif-argent")).toBe(true);
    for (const token of [
      "not a token",
      "http://vif-argent.prismic.io/previews/abc",
      "https://evil.prismic.io/previews/abc",
      "https://vif-argent.prismic.io.evil.example/previews/abc",
      "https://vif-argent.prismic.io/other/abc",
      "https://vif-argent.prismic.io/previews/a/b",
    ]) {
      expect(isPreviewToken(token, "vif-argent")).toBe(false);
    }
  });
});
