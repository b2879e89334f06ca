import path from "node:path";

import { loadSnapshot, makeRef, previewTokenFor, releaseRef } from "@vifargent/content-api";
import fc from "fast-check";

import { expect, test } from "./fixtures";
import { rawRequest } from "./helpers/raw-request";
import { changedProject, previewLink, previewToken } from "./helpers/release";
import { startSiteServer } from "./helpers/site-server";

/**
 * Unreleased content stays private, on the production server with the
 * bundled repository. A release's preview link needs its ref, which only CONTENT_PREVIEW_SECRET
 * gives: generated guesses (the release's name, the old unkeyed hash of it, refs under other
 * secrets, random refs) never open draft mode; the link `npm run preview:link` prints does; and an
 * instance without the secret refuses every bundled preview with one log line.
 */

const ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;

/** The entry without its trailing slash (which Next would first redirect). */
const entry = (token: string) => previewLink(changedProject.id, token).replace("/preview/", "/preview");

const opensDraftMode = (answer: { headers: Record<string, unknown> }) =>
  String(answer.headers["set-cookie"] ?? "").includes("__prerender_bypass=");

const guessedRef = fc.oneof(
  fc.constantFrom(
    "spring-launch",
    "Spring launch",
    makeRef("release", "spring-launch"),
    releaseRef("", "spring-launch"),
    releaseRef("spring-launch", "spring-launch"),
  ),
  fc.string({ minLength: 32, maxLength: 48 }).map((secret) => releaseRef(secret, "spring-launch")),
  fc.stringMatching(/^[A-Za-z0-9_-]{16,22}$/),
);

test("guessed release refs never open a preview", async () => {
  for (const ref of fc.sample(guessedRef, { numRuns: 80, seed: 11 })) {
    const answer = await rawRequest(ORIGIN, entry(previewTokenFor("vif-argent", ref)));
    expect(answer.status).toBe(307);
    expect(answer.headers.location).toBe("/");
    expect(opensDraftMode(answer), ref).toBe(false);
  }
});

test("a token naming the master ref (anyone with the content files can compute it) opens nothing", async () => {
  const { masterRef } = await loadSnapshot(path.resolve(__dirname, "../content"));
  const forms = [
    previewTokenFor("vif-argent", masterRef),
    `https://vif-argent.prismic.io/previews/${masterRef}`,
    `https://vif-argent.prismic.io/previews/${encodeURIComponent(masterRef)}?websitePreviewId=x`,
  ];
  for (const token of forms) {
    const answer = await rawRequest(ORIGIN, entry(token));
    expect(answer.headers.location, token).toBe("/");
    expect(opensDraftMode(answer), token).toBe(false);
  }
});

test("the link derived from the secret opens it", async () => {
  const answer = await rawRequest(ORIGIN, entry(previewToken));
  expect(answer.headers.location).toBe(`/works/${changedProject.uid}`);
  expect(opensDraftMode(answer)).toBe(true);
});

test("without a secret, an instance refuses bundled previews and says why in its log", async () => {
  const server = await startSiteServer({ CONTENT_PREVIEW_SECRET: "" });
  try {
    const answer = await rawRequest(server.origin, entry(previewToken));
    expect(answer.headers.location).toBe("/");
    expect(opensDraftMode(answer)).toBe(false);
    expect(server.output()).toContain("[preview] bundled previews are off: set CONTENT_PREVIEW_SECRET");
  } finally {
    await server.stop();
  }
});
