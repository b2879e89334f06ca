import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

import fc from "fast-check";

import { expect, test } from "./fixtures";
import { rawRequest } from "./helpers/raw-request";
import { startSiteServer, type SiteServer } from "./helpers/site-server";

/**
 * No secret reaches a log line. @prismicio/client puts the access token and
 * the preview ref in every request URL, and the site logs what fails. An instance is pointed at
 * a content API that fails in every way (refused, hanging, echoing the URL back in its error,
 * answering garbage), with a generated access token, and gets page traffic, made-up URLs, preview
 * links and editors' requests carrying generated refs. Everything it writes must be the logger's
 * redacted JSON lines, Next's own reports included, and hold none of the secrets in any encoding.
 */

type Failure = "refuse" | "hang" | "echo-400" | "echo-500" | "garbage";
const FAILURES: Failure[] = ["refuse", "hang", "echo-400", "echo-500", "garbage"];

/** A content API that fails the way `failure` says, putting the URL it was asked for in its answer. */
function failingApi(current: () => Failure): Server {
  return createServer((request, response) => {
    const url = request.url ?? "/";
    switch (current()) {
      case "refuse":
        request.socket.destroy();
        return;
      case "hang":
        return; // the site's request deadline ends it
      case "echo-400":
        response.writeHead(400, { "content-type": "application/json" });
        response.end(JSON.stringify({ type: "parsing-error", message: `bad request ${url}` }));
        return;
      case "echo-500":
        response.writeHead(500, { "content-type": "text/html" });
        response.end(`<h1>failed: ${url}</h1>`);
        return;
      case "garbage":
        response.writeHead(200, { "content-type": "application/json" });
        response.end(`{"refs": [${url}`);
    }
  });
}

const secret = fc.stringMatching(/^[A-Za-z0-9]{24,40}$/);
const [accessToken, ...refs] = fc.sample(secret, { numRuns: 4, seed: Date.now() % 1000 });

/** Every form a secret could take in a line: as is, percent-encoded, or twice. */
function forms(value: string): string[] {
  return [value, encodeURIComponent(value), encodeURIComponent(encodeURIComponent(value))];
}

let api: Server;
let failure: Failure = "refuse";
let site: SiteServer;

test.beforeAll(async () => {
  api = failingApi(() => failure);
  api.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  const { port } = api.address() as AddressInfo;
  site = await startSiteServer({
    PRISMIC_ENDPOINT: `http://127.0.0.1:${port}/api/v2`,
    PRISMIC_ACCESS_TOKEN: accessToken,
    PRISMIC_REQUEST_TIMEOUT_MS: "700",
    LOG_FORMAT: "json",
  });
});

test.afterAll(async () => {
  await site?.stop();
  api?.closeAllConnections();
  await new Promise((resolve) => api?.close(resolve));
});

test("a failing content API, under traffic, puts no token or ref in any log line", async () => {
  test.setTimeout(120_000);
  const previewModeId = JSON.parse(
    readFileSync(path.resolve(__dirname, "../.next/prerender-manifest.json"), "utf8"),
  ).preview.previewModeId as string;
  const previewToken = (ref: string) =>
    `https://vif-argent.prismic.io/previews/${ref}?websitePreviewId=${ref}`;
  const editor = (ref: string) => ({
    cookie: `__prerender_bypass=${previewModeId}; io.prismic.preview=${encodeURIComponent(previewToken(ref))}`,
  });
  const madeUp = fc.sample(fc.stringMatching(/^[a-z][a-z0-9-]{2,20}$/), { numRuns: 4, seed: 6 });
  const paths = ["/", "/works", "/en/works", "/about", "/en/contact", "/legals", "/sitemap.xml"];

  for (const mode of FAILURES) {
    failure = mode;
    for (const page of [...paths, ...madeUp.map((uid) => `/works/${uid}`)]) {
      await rawRequest(site.origin, page);
    }
    for (const ref of refs) {
      const link = `/preview?token=${encodeURIComponent(previewToken(ref))}&documentId=${ref.slice(0, 16)}`;
      await rawRequest(site.origin, link);
      await rawRequest(site.origin, "/works", { headers: editor(ref) });
      await rawRequest(site.origin, `/works/${madeUp[0]}`, { headers: editor(ref) });
      await rawRequest(site.origin, "/api/health");
    }
  }
  // Everything since the process started (Next's start-up lines too). Lines are written
  // synchronously: the last request's line is out once its answer is.
  const lines = site
    .output()
    .split("\n")
    .filter((line) => line.trim() !== "");

  // The failures were logged: the test looked where secrets would be.
  expect(lines.filter((line) => line.includes('"level":"error"')).length).toBeGreaterThan(20);
  // Every line is the logger's (Next's own reports and warnings too): one JSON object.
  const notJson = lines.filter((line) => {
    try {
      return typeof JSON.parse(line) !== "object";
    } catch {
      return true;
    }
  });
  expect(notJson).toEqual([]);
  for (const value of [accessToken, ...refs]) {
    for (const form of forms(value)) {
      expect(lines.filter((line) => line.includes(form))).toEqual([]);
    }
  }
});
