import { expect, test } from "./fixtures";
import { changedProject, previewLink, releaseRef } from "./helpers/release";

/** The preview entry and the webhook refuse bad input without side effects. */

async function entry(request: import("@playwright/test").APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0 });
  return {
    status: response.status(),
    location: response.headers()["location"],
    cacheControl: response.headers()["cache-control"],
    setsDraftMode: (response.headers()["set-cookie"] ?? "").includes("__prerender_bypass"),
  };
}

test.describe("/preview/", () => {
  test("a valid link enables draft mode, redirects to the page, and is not cacheable", async ({
    request,
  }) => {
    const result = await entry(request, previewLink(changedProject.id).replace("/preview/", "/preview"));
    expect(result.status).toBe(307);
    expect(result.location).toBe(`/works/${changedProject.uid}`);
    expect(result.setsDraftMode).toBe(true);
    expect(result.cacheControl).toContain("no-store");
  });

  const refused: Array<[string, string]> = [
    [
      "a missing documentId",
      `/preview?token=${encodeURIComponent("https://vif-argent.prismic.io/previews/x")}`,
    ],
    ["a missing token", `/preview?documentId=${changedProject.id}`],
    [
      "an expired token",
      previewLink(
        changedProject.id,
        "https://vif-argent.prismic.io/previews/gone?websitePreviewId=gone",
      ).replace("/preview/", "/preview"),
    ],
    [
      "another repository's token",
      previewLink(
        changedProject.id,
        `https://evil.prismic.io/previews/${releaseRef}?websitePreviewId=${releaseRef}`,
      ).replace("/preview/", "/preview"),
    ],
    [
      "a token that is not a URL",
      previewLink(changedProject.id, "not a token").replace("/preview/", "/preview"),
    ],
    ["an unknown document", previewLink("NoSuchDocument00").replace("/preview/", "/preview")],
    ["a malformed query string", "/preview?token=%E0%A4%A&documentId=%"],
  ];
  for (const [name, path] of refused) {
    test(`${name} redirects home without draft mode`, async ({ request }) => {
      const result = await entry(request, path);
      expect(result.status).toBe(307);
      expect(result.location).toBe("/");
      expect(result.setsDraftMode).toBe(false);
    });
  }
});

test.describe("/api/exit-preview never leaves the site", () => {
  for (const target of [
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "/%2F%2Fevil.example",
    "/%5C%5Cevil.example",
    "%2F%2Fevil.example",
    "javascript:alert(1)",
  ]) {
    test(`redirect=${target}`, async ({ request }) => {
      const response = await request.get(`/api/exit-preview?redirect=${encodeURIComponent(target)}`, {
        maxRedirects: 0,
      });
      expect(response.status()).toBe(307);
      expect(response.headers()["location"]).toBe("/");
    });
  }

  test("a same-site path is kept", async ({ request }) => {
    const response = await request.get("/api/exit-preview?redirect=%2Fen%2Fcontact", { maxRedirects: 0 });
    expect(response.headers()["location"]).toBe("/en/contact");
  });
});

test.describe("POST /api/revalidate (Prismic webhook)", () => {
  const post = (request: import("@playwright/test").APIRequestContext, data: string | Buffer) =>
    request.post("/api/revalidate", { data, headers: { "content-type": "application/json" } });

  test("the right secret revalidates", async ({ request }) => {
    const response = await post(
      request,
      JSON.stringify({ type: "api-update", secret: "e2e-webhook-secret" }),
    );
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ revalidated: true });
  });

  test("a body not sent as JSON is a 415, and one over 512 kB a 413, read no further", async ({
    request,
  }) => {
    const secret = JSON.stringify({ secret: "e2e-webhook-secret" });
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
    ]) {
      const response = await request.post("/api/revalidate", {
        data: secret,
        headers: { "content-type": type },
      });
      expect(response.status(), type).toBe(415);
      expect(await response.json()).not.toHaveProperty("revalidated");
    }
    const huge = JSON.stringify({ secret: "e2e-webhook-secret", padding: "x".repeat(600 * 1024) });
    const response = await post(request, huge);
    expect(response.status()).toBe(413);
    expect(await response.json()).not.toHaveProperty("revalidated");
  });

  for (const [name, body, status] of [
    ["a wrong secret", JSON.stringify({ secret: "e2e-webhook-secreT" }), 401],
    ["a missing secret", JSON.stringify({ type: "api-update" }), 401],
    ["a secret that is not a string", JSON.stringify({ secret: 42 }), 401],
    ["a malformed body", "{ secret: ", 400],
    ["a body that is not an object", JSON.stringify(["e2e-webhook-secret"]), 400],
    ["a body that is not UTF-8", Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), 400],
  ] as const) {
    test(`${name} is a ${status}`, async ({ request }) => {
      const response = await post(request, body);
      expect(response.status()).toBe(status);
      expect(await response.json()).not.toHaveProperty("revalidated");
    });
  }
});
