import fc from "fast-check";

import { expect, test } from "./fixtures";
import { attackPieces, REDIRECT_ATTACK_PIECES } from "../test-support/redirect-attacks";
import { rawRequest } from "./helpers/raw-request";

/**
 * No redirect leaves the site. Generated targets are fed to every redirect
 * the site builds from request input (the preview exit's `redirect`), and generated paths to the
 * server's own (Next's trailing-slash and other normalising redirects), on the production server.
 * Whatever comes back in Location, a browser on the site resolves it to the site's own origin.
 */

const ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;
/** A page some levels deep, as a browser would resolve a relative Location from it. */
const FROM = `${ORIGIN}/en/works/some-work`;
const RUNS = 400;

const target = fc.oneof(
  attackPieces(8),
  attackPieces(6).map((joined) => `/${joined}`),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.webUrl({ withQueryParameters: true }),
);

/** Paths for the server's own redirects: the same pieces, on a request line (encoded where they must be). */
const path = fc
  .tuple(fc.array(fc.constantFrom(...REDIRECT_ATTACK_PIECES), { maxLength: 6 }), fc.boolean())
  .map(([parts, trailingSlash]) => {
    const raw = `/${parts.join("")}${trailingSlash ? "/" : ""}`;
    // Only what HTTP cannot carry raw is encoded: slashes, backslashes and dots stay as sent.
    return raw.replace(/[^\x21-\x7e]/gu, (character) => encodeURIComponent(character));
  });

function expectOnSite(location: string | undefined, input: string) {
  if (location === undefined) return;
  const destination = new URL(location, FROM);
  expect(destination.origin, `Location ${JSON.stringify(location)} for ${JSON.stringify(input)}`).toBe(
    ORIGIN,
  );
}

test("the preview exit never sends anyone off the site, whatever its redirect", async () => {
  const inputs = fc.sample(target, { numRuns: RUNS, seed: 22 });
  inputs.push("/.//evil.example", "/..//evil.example", "/%2e//evil.example/x");
  for (const input of inputs) {
    const answer = await rawRequest(ORIGIN, `/api/exit-preview?redirect=${encodeURIComponent(input)}`);
    expect(answer.status).toBe(307);
    expectOnSite(answer.headers.location, input);
    expect(answer.headers["cache-control"]).toContain("no-store");
  }
});

test("the exit still returns editors to the page they were on", async () => {
  for (const page of ["/works", "/en/works/x?y=1", "/legals"]) {
    const answer = await rawRequest(ORIGIN, `/api/exit-preview?redirect=${encodeURIComponent(page)}`);
    expect(answer.headers.location).toBe(page);
  }
});

test("the server's own redirects of odd paths stay on the site", async () => {
  const paths = fc.sample(path, { numRuns: RUNS, seed: 23 });
  paths.push("//evil.example/", "/\\evil.example/", "/.//evil.example/", "/%2F%2Fevil.example/");
  let redirects = 0;
  for (const sent of paths) {
    const answer = await rawRequest(ORIGIN, sent);
    expect(answer.status, sent).toBeLessThan(500);
    if (answer.status >= 300 && answer.status < 400) {
      redirects++;
      expectOnSite(answer.headers.location, sent);
    }
  }
  // The generator reaches the redirects it is meant to attack (trailing slashes).
  expect(redirects).toBeGreaterThan(RUNS / 10);
});
