import { isPreviewToken } from "@/lib/preview/preview-token";

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
