import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";

import fc from "fast-check";
import { compressToEncodedURIComponent } from "lz-string";

import { expect, test } from "./fixtures";
import { rawRequest } from "./helpers/raw-request";

/**
 * The slice simulator serves nothing from its URL to visitors. A simulator
 * URL can carry any text and links: a phishing page on the site's own origin. In production only
 * Slice Machine's frame (and its router refreshes inside it) gets the simulator; every other
 * request, whatever the page it shows, gets a 404 that holds none of it. Generated pages are sent
 * with every kind of Fetch Metadata, and a real Chromium visits one top-level and inside a frame.
 */

/** Where Slice Machine's UI runs, the one origin besides Prismic's the simulator's CSP lets frame it. */
const SLICE_MACHINE_PORT = 9999;
const ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;

const mock = JSON.parse(
  readFileSync(path.resolve(__dirname, "../slices/CallToAction/mocks.json"), "utf8"),
)[0] as Record<string, unknown> & { primary: Record<string, unknown> };

/** An attacker's page: a call to action with their words and a link to their host. */
function phishingState(words: string, host: string): string {
  const slice = {
    ...mock,
    primary: {
      ...mock.primary,
      heading: [{ type: "heading2", text: words, spans: [] }],
      button_label: "Sign in",
      button_link: { link_type: "Web", url: `https://${host}/login` },
    },
  };
  return compressToEncodedURIComponent(JSON.stringify([slice]));
}

const words = fc
  .stringMatching(/^[A-Za-z][A-Za-z ]{6,30}[A-Za-z]$/)
  .map((text) => `Verify ${text.replace(/ +/g, " ")}`);
const host = fc.domain();

/** Sec-Fetch-Dest as browsers send it for anything but a frame, none at all, and made-up values. */
const notAFrame = fc.oneof(
  fc.constantFrom("document", "empty", "image", "script", "style", "embed", "object", "IFRAME", "Iframe"),
  fc.constant(undefined),
  fc.stringMatching(/^[a-z-]{1,12}$/).filter((value) => value !== "iframe" && value !== "frame"),
);

test("a visit that is not Slice Machine's frame gets a 404 holding none of the URL's content", async () => {
  const cases = fc.sample(fc.tuple(words, host, notAFrame, fc.boolean()), { numRuns: 120, seed: 3 });
  for (const [text, evil, fetchDest, trailingSlash] of cases) {
    const headers: Record<string, string> = fetchDest === undefined ? {} : { "sec-fetch-dest": fetchDest };
    const answer = await rawRequest(
      ORIGIN,
      `/slice-simulator${trailingSlash ? "/" : ""}?state=${phishingState(text, evil)}`,
      { headers },
    );
    // A trailing slash is first redirected (to the same path without it), never served.
    if (answer.status === 308) {
      expect(answer.headers.location).toMatch(/^\/slice-simulator\?state=/);
      continue;
    }
    expect(answer.status, `Sec-Fetch-Dest ${fetchDest}`).toBe(404);
    expect(answer.body).not.toContain(text);
    expect(answer.body).not.toContain(evil);
    expect(answer.headers["cache-control"]).toContain("no-store");
    expect(answer.headers["x-robots-tag"]).toContain("noindex");
  }
});

test("Slice Machine's frame and its refreshes still get the simulator", async () => {
  for (const [text, evil] of fc.sample(fc.tuple(words, host), { numRuns: 10, seed: 4 })) {
    const state = phishingState(text, evil);
    const framed = await rawRequest(ORIGIN, `/slice-simulator?state=${state}`, {
      headers: { "sec-fetch-dest": "iframe" },
    });
    expect(framed.status).toBe(200);
    expect(framed.body).toContain(text);
    expect(framed.headers["x-robots-tag"]).toContain("noindex");
    expect(framed.headers["content-security-policy"]).toContain(
      "frame-ancestors 'self' http://localhost:9999 https://*.prismic.io",
    );
    // Next first redirects an RSC request without its cache-busting `_rsc` query to the URL with it.
    const refreshHeaders = { headers: { "sec-fetch-dest": "empty", rsc: "1" } };
    let refresh = await rawRequest(ORIGIN, `/slice-simulator?state=${state}`, refreshHeaders);
    if (refresh.status === 307) {
      expect(refresh.headers.location).toContain("_rsc");
      refresh = await rawRequest(ORIGIN, refresh.headers.location!, refreshHeaders);
    }
    expect(refresh.status).toBe(200);
    expect(refresh.headers["content-type"]).toContain("text/x-component");
    expect(refresh.body).toContain(text);
  }
});

test("a state that is not Slice Machine's is an empty simulator, not an error", async () => {
  for (const state of fc.sample(fc.string({ maxLength: 40 }), { numRuns: 30, seed: 5 })) {
    const answer = await rawRequest(ORIGIN, `/slice-simulator?state=${encodeURIComponent(state)}`, {
      headers: { "sec-fetch-dest": "iframe" },
    });
    expect(answer.status, state).toBe(200);
  }
});

test("in Chromium: a link to the simulator shows a 404; Slice Machine's frame shows the slices", async ({
  page,
}) => {
  const text = "Verify your account now";
  const url = `${ORIGIN}/slice-simulator?state=${phishingState(text, "evil.example")}`;

  const visit = await page.goto(url);
  expect(visit?.status()).toBe(404);
  await expect(page.locator("body")).not.toContainText(text);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // Slice Machine's UI is served on localhost:9999 (a real loopback server: Chromium keeps pages it
  // cannot place on a network from framing loopback ones).
  const sliceMachine = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html" });
    response.end(`<!doctype html><title>Slice Machine</title><iframe src="${url}"></iframe>`);
  });
  await new Promise<void>((resolve, reject) => {
    sliceMachine.once("error", (error) => reject(new Error(`Slice Machine's port 9999 is taken: ${error}`)));
    sliceMachine.listen(SLICE_MACHINE_PORT, "127.0.0.1", resolve);
  });
  try {
    await page.goto(`http://localhost:${SLICE_MACHINE_PORT}/`);
    await expect(page.frameLocator("iframe").getByRole("heading", { name: text })).toBeVisible();
  } finally {
    await new Promise((resolve) => sliceMachine.close(resolve));
  }
});

test("robots.txt keeps crawlers out of the simulator", async () => {
  const robots = await rawRequest(ORIGIN, "/robots.txt");
  expect(robots.body).toMatch(/^Disallow: \/slice-simulator$/m);
});
