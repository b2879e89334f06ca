/**
 * JavaScript a modern browser downloads for one page, in gzip bytes: every
 * script file it fetches while loading and settling (lazy chunks the page
 * itself asks for included), plus inline scripts (the RSC payload among them).
 * `nomodule` scripts are never fetched by a modern browser; JSON-LD is data,
 * not script. Route prefetches (requests with `next-router-prefetch`) are for
 * other pages and are blocked, so they are not counted here. A first visitor:
 * no cookies, so the consent notice shows.
 */
import { gzipSync } from "node:zlib";

import type { Browser, BrowserContextOptions } from "@playwright/test";

export interface JsWeight {
  files: number;
  externalBytes: number;
  inlineBytes: number;
  totalBytes: number;
}

export async function measureJs(
  browser: Browser,
  url: string,
  device: BrowserContextOptions,
): Promise<JsWeight> {
  const context = await browser.newContext(device);
  try {
    const page = await context.newPage();
    const origin = new URL(url).origin;
    await page.route(
      (target) => target.origin !== origin,
      (route) => route.abort(),
    );
    await page.route("**/*", (route) =>
      route.request().headers()["next-router-prefetch"] ? route.abort() : route.fallback(),
    );
    const files = new Map<string, Promise<number>>();
    page.on("response", (response) => {
      if (!(response.headers()["content-type"] ?? "").includes("javascript")) return;
      files.set(
        response.url(),
        response.body().then(
          (body) => gzipSync(body).length,
          () => 0,
        ),
      );
    });
    const response = await page.goto(url, { waitUntil: "networkidle" });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
    await page.waitForTimeout(1000); // idle-time chunks (smooth scroll on desktops)
    await page.waitForLoadState("networkidle");
    const inline = await page.evaluate(() =>
      Array.from(document.querySelectorAll("script:not([src])"))
        .filter(
          (script) =>
            !script.hasAttribute("nomodule") &&
            /^$|javascript|module/.test(script.getAttribute("type") ?? ""),
        )
        .map((script) => script.textContent ?? "")
        .join("\n"),
    );
    const externalBytes = (await Promise.all(files.values())).reduce((sum, bytes) => sum + bytes, 0);
    const inlineBytes = gzipSync(Buffer.from(inline)).length;
    return { files: files.size, externalBytes, inlineBytes, totalBytes: externalBytes + inlineBytes };
  } finally {
    await context.close();
  }
}
