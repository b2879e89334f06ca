/**
 * npm run content:generate -- --works N --out DIR [--from content]
 * Writes a valid content repository with N generated projects (in fr-fr and
 * en-gb) for scale tests, plus the source repository's other documents and
 * images. Deterministic: the same N gives the same files.
 */
import { cp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";

import { generateProjects } from "../lib/content-api/generate";
import type { StoredDocument } from "../lib/content-api/types";

function usage(message: string): never {
  console.error(`${message}\nusage: npm run content:generate -- --works N --out DIR [--from SOURCE_DIR]`);
  process.exit(2);
}

async function readDocuments(dir: string): Promise<StoredDocument[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith(".json"));
  return Promise.all(names.map(async (name) => JSON.parse(await readFile(path.join(dir, name), "utf8"))));
}

async function main() {
  const { values } = parseArgs({
    options: {
      works: { type: "string" },
      out: { type: "string" },
      from: { type: "string", default: "content" },
    },
  });
  const works = Number(values.works);
  if (!Number.isInteger(works) || works < 1) usage("--works must be a positive integer");
  if (!values.out) usage("--out is required");
  const source = path.resolve(values.from ?? "content");
  const out = path.resolve(values.out);
  if (out === source) usage("--out must differ from the source repository");

  const sourceDocs = await readDocuments(path.join(source, "documents"));
  const { documents } = generateProjects(sourceDocs, works);

  await rm(out, { recursive: true, force: true });
  await mkdir(path.join(out, "documents"), { recursive: true });
  await cp(path.join(source, "repository.json"), path.join(out, "repository.json"));
  await cp(path.join(source, "assets"), path.join(out, "assets"), { recursive: true });
  for (const doc of documents) {
    const name = `${doc.type}.${doc.uid ?? doc.type}.${doc.lang}.json`;
    await writeFile(path.join(out, "documents", name), `${JSON.stringify(doc, null, 2)}\n`);
  }
  console.log(`Wrote ${documents.length} documents (${works} projects in 2 languages) to ${out}`);
}

main().catch((error: unknown) => {
  console.error(`content:generate failed: ${(error as Error).message}`);
  process.exit(1);
});
