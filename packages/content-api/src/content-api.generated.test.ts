/**
 * A generated repository (content-api-generate) served over HTTP: paging
 * past one page of 100, and edits to the files showing up as a new master ref.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import * as prismic from "@prismicio/client";

import { spawnContentServer, type ContentServer } from "./cli/spawn";
import { FIXTURE_DIR } from "./test-fixtures";

const GENERATE_BIN = path.resolve(__dirname, "../bin/content-api-generate.mjs");
const WORKS = 150;
let dir: string;
let server: ContentServer;

beforeAll(async () => {
  dir = path.join(mkdtempSync(path.join(tmpdir(), "content-")), "repo");
  execFileSync(
    process.execPath,
    [GENERATE_BIN, "--works", String(WORKS), "--from", FIXTURE_DIR, "--out", dir],
    { stdio: "pipe" },
  );
  server = await spawnContentServer({ dir });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(path.dirname(dir), { recursive: true, force: true });
});

test("getAllByType follows the pages to return every generated project", async () => {
  const requests: string[] = [];
  const client = prismic.createClient("vif-argent", {
    documentAPIEndpoint: server.endpoint,
    fetch: (input, init) => {
      requests.push(String(input));
      return fetch(input, init);
    },
  });
  const all = await client.getAllByType("project");
  expect(all).toHaveLength(WORKS);
  expect(new Set(all.map((doc) => doc.id)).size).toBe(WORKS);
  const searches = requests.filter((url) => url.includes("/documents/search"));
  expect(searches.length).toBeGreaterThanOrEqual(2);
});

test("the generated home page links to generated projects of its own language", async () => {
  const client = prismic.createClient("vif-argent", { documentAPIEndpoint: server.endpoint });
  const home = await client.getSingle("home_page", { lang: "en-gb" });
  const featured = home.data.slices.find((slice) => slice.slice_type === "featured_works")!;
  const works = (featured.primary as { works: Array<{ work: prismic.FilledContentRelationshipField }> })
    .works;
  for (const { work } of works) {
    expect(work.isBroken).toBe(false);
    expect(work.lang).toBe("en-gb");
  }
});

test("editing a document file publishes it under a new master ref", async () => {
  const client = prismic.createClient("vif-argent", { documentAPIEndpoint: server.endpoint });
  const before = (await client.getMasterRef()).ref;
  const file = readdirSync(path.join(dir, "documents")).find((name) =>
    name.startsWith("project.projet-00001."),
  )!;
  const fullPath = path.join(dir, "documents", file);
  const doc = JSON.parse(readFileSync(fullPath, "utf8"));
  doc.data.title = "Titre modifié";
  writeFileSync(fullPath, JSON.stringify(doc));

  const masterRef = async () =>
    ((await (await fetch(server.endpoint)).json()) as { refs: Array<{ ref: string }> }).refs[0].ref;
  const deadline = Date.now() + 5000;
  let after = await masterRef();
  while (after === before && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    after = await masterRef();
  }
  expect(after).not.toBe(before);
  const fresh = prismic.createClient("vif-argent", { documentAPIEndpoint: server.endpoint });
  expect((await fresh.getByUID("project", "projet-00001")).data.title).toBe("Titre modifié");
});
