import { cookie } from "@prismicio/client";

import { previewRef } from "@/lib/preview/preview-ref";

const request = { draft: false, cookies: new Map<string, string>(), outside: false };

jest.mock("next/headers", () => ({
  draftMode: async () => {
    if (request.outside) throw new Error("`draftMode` was called outside a request scope");
    return { isEnabled: request.draft };
  },
  cookies: async () => ({
    get: (name: string) => (request.cookies.has(name) ? { value: request.cookies.get(name) } : undefined),
  }),
}));

const TOKEN = "https://vif-argent.prismic.io/previews/DtslENwhFI3CsXtU?websitePreviewId=DtslENwhFI3CsXtU";

beforeEach(() => {
  request.draft = false;
  request.outside = false;
  request.cookies = new Map();
});

describe("previewRef", () => {
  it("is the preview cookie's ref in draft mode", async () => {
    request.draft = true;
    request.cookies.set(cookie.preview, TOKEN);
    await expect(previewRef()).resolves.toBe(TOKEN);
  });

  it("is undefined outside draft mode, even with the cookie", async () => {
    request.cookies.set(cookie.preview, TOKEN);
    await expect(previewRef()).resolves.toBeUndefined();
  });

  it("is undefined in draft mode without a cookie, or with one not in Prismic's form", async () => {
    request.draft = true;
    await expect(previewRef()).resolves.toBeUndefined();
    request.cookies.set(cookie.preview, "not-a-preview-token");
    await expect(previewRef()).resolves.toBeUndefined();
  });

  it("is undefined outside a request (at build time)", async () => {
    request.outside = true;
    await expect(previewRef()).resolves.toBeUndefined();
  });
});
