/**
 * Unreleased content stays private, and the API tells what Prismic's would (classes 1
 * and 8), over HTTP against content-api-serve on the bundled repository. A release's ref cannot be
 * built without the preview secret: guesses (the release's id and label, the old unkeyed hash of
 * its id, refs under other secrets, random refs), as refs or inside preview tokens, read nothing of
 * it. Release refs are listed only to requests carrying the access token, and only published reads
 * may be read by other sites' pages (CORS).
 */
import path from "node:path";

import fc from "fast-check";

import { spawnContentServer, type ContentServer } from "./cli/spawn";
import { makeRef, releaseRef } from "./content-store";
import { previewTokenFor } from "./ref-views";
import { FIXTURE_DIR, readDocuments } from "./test-fixtures";

const SECRET = "release-privacy-secret-0123456789abcdefghij";
const TOKEN = "release-privacy-access-token";
const RELEASE = { id: "spring-launch", label: "Spring launch" };
const published = new Set(readDocuments(path.join(FIXTURE_DIR, "documents")).map((doc) => doc.id));
const unpublished = readDocuments(path.join(FIXTURE_DIR, "releases/spring-launch/documents")).find(
  (doc) => !published.has(doc.id),
)!;

let open: ContentServer;
let closed: ContentServer;

beforeAll(async () => {
  [open, closed] = await Promise.all([
    spawnContentServer({ dir: FIXTURE_DIR, previewSecret: SECRET }),
    spawnContentServer({ dir: FIXTURE_DIR, previewSecret: SECRET, accessToken: TOKEN }),
  ]);
});

afterAll(async () => {
  await Promise.all([open?.stop(), closed?.stop()]);
});

async function get(server: ContentServer, pathAndQuery: string) {
  const response = await fetch(`${server.origin}${pathAndQuery}`, {
    headers: { origin: "https://evil.example" },
  });
  return {
    status: response.status,
    cors: response.headers.get("access-control-allow-origin"),
    body: await response.text(),
  };
}

const search = (ref: string, extra = "") =>
  `/api/v2/documents/search?ref=${encodeURIComponent(ref)}&q=${encodeURIComponent(`[[at(document.id,"${unpublished.id}")]]`)}&lang=*${extra}`;

/** What someone without the secret could try as a release's ref. */
const guess = fc.oneof(
  fc.constantFrom(
    RELEASE.id,
    RELEASE.label,
    makeRef("release", RELEASE.id),
    makeRef("release", RELEASE.label),
    releaseRef("", RELEASE.id),
    releaseRef(RELEASE.id, RELEASE.id),
  ),
  fc.string({ minLength: 32, maxLength: 48 }).map((other) => releaseRef(other, RELEASE.id)),
  fc.stringMatching(/^[A-Za-z0-9_-]{16,22}$/),
);

describe("class 1: a release cannot be named without the secret", () => {
  test("guessed refs and preview tokens read nothing of the release", async () => {
    const guesses = fc.sample(guess, { numRuns: 60, seed: 1 });
    for (const ref of guesses) {
      for (const asked of [ref, previewTokenFor("vif-argent", ref)]) {
        const answer = await get(open, search(asked));
        expect(answer.status).toBe(404);
        expect(answer.body).not.toContain(unpublished.uid!);
      }
    }
  });

  test("the ref derived from the secret reads it, as a ref and in a preview token", async () => {
    const ref = releaseRef(SECRET, RELEASE.id);
    for (const asked of [ref, previewTokenFor("vif-argent", ref)]) {
      const answer = await get(open, search(asked));
      expect(answer.status).toBe(200);
      expect(answer.body).toContain(unpublished.uid!);
    }
  });

  test("a server without a secret has releases nobody can reach", async () => {
    const bare = await spawnContentServer({ dir: FIXTURE_DIR, accessToken: TOKEN });
    try {
      const listed = JSON.parse((await get(bare, `/api/v2?access_token=${TOKEN}`)).body) as {
        refs: Array<{ ref: string; isMasterRef: boolean }>;
      };
      const release = listed.refs.find((ref) => !ref.isMasterRef)!;
      // Listed to the token's holder, but random per process: not the one any secret gives.
      expect(release.ref).not.toBe(releaseRef(SECRET, RELEASE.id));
      expect(release.ref).not.toBe(makeRef("release", RELEASE.id));
    } finally {
      await bare.stop();
    }
  });
});

describe("class 8: the API tells what Prismic's would", () => {
  const refsOf = (body: string) => (JSON.parse(body) as { refs: Array<{ isMasterRef: boolean }> }).refs;

  test("release refs are listed only to requests carrying the access token", async () => {
    expect(refsOf((await get(open, "/api/v2")).body)).toHaveLength(1);
    const wrong = fc.sample(
      fc.string({ minLength: 1, maxLength: 40 }).filter((value) => value !== TOKEN),
      {
        numRuns: 40,
        seed: 8,
      },
    );
    for (const token of wrong) {
      const answer = await get(closed, `/api/v2?access_token=${encodeURIComponent(token)}`);
      expect(answer.status).toBe(401);
      expect(answer.body).not.toContain(releaseRef(SECRET, RELEASE.id));
    }
    const right = await get(closed, `/api/v2?access_token=${TOKEN}`);
    expect(refsOf(right.body).filter((ref) => !ref.isMasterRef)).toHaveLength(1);
    expect(right.cors).toBeNull();
  });

  test("only published reads carry CORS headers", async () => {
    const master = (JSON.parse((await get(open, "/api/v2")).body) as { refs: Array<{ ref: string }> }).refs[0]
      .ref;
    const release = releaseRef(SECRET, RELEASE.id);
    const published = [await get(open, "/api/v2"), await get(open, search(master))];
    for (const answer of published) {
      expect(answer.status).toBe(200);
      expect(answer.cors).toBe("*");
    }
    const notPublished = [
      await get(open, search(release)),
      await get(open, search(previewTokenFor("vif-argent", release))),
      await get(closed, search(master, `&access_token=${TOKEN}`)),
      await get(closed, `/api/v2?access_token=${TOKEN}`),
      await get(open, search("no-such-ref")),
      await get(closed, "/api/v2"),
    ];
    for (const answer of notPublished) expect(answer.cors).toBeNull();
  });
});
