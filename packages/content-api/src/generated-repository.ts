import { cp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

import { generateProjects } from "./generate";
import type { StoredDocument } from "./types";

/** Writing a generated repository to disk (scale tests, benchmarks): `generateProjects` on a source folder. */

export interface GeneratedRepositoryOptions {
  /** The source repository: its repository.json, images and non-project documents are reused. */
  from: string;
  /** The folder to write; replaced when it exists. */
  out: string;
  /** How many projects, each in fr-fr and en-gb. */
  works: number;
}

async function readDocuments(dir: string): Promise<StoredDocument[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith(".json"));
  return Promise.all(names.map(async (name) => JSON.parse(await readFile(path.join(dir, name), "utf8"))));
}

/** Deterministic: the same source and count give the same files. Returns how many documents it wrote. */
export async function writeGeneratedRepository(options: GeneratedRepositoryOptions): Promise<number> {
  const source = path.resolve(options.from);
  const out = path.resolve(options.out);
  // The output folder is emptied first: never the source.
  if (out === source) throw new Error("the output folder must differ from the source repository");

  const { documents } = generateProjects(await readDocuments(path.join(source, "documents")), options.works);
  await rm(out, { recursive: true, force: true });
  await mkdir(path.join(out, "documents"), { recursive: true });
  await cp(path.join(source, "repository.json"), path.join(out, "repository.json"));
  await cp(path.join(source, "assets"), path.join(out, "assets"), { recursive: true });
  for (const doc of documents) {
    const name = `${doc.type}.${doc.uid ?? doc.type}.${doc.lang}.json`;
    await writeFile(path.join(out, "documents", name), `${JSON.stringify(doc, null, 2)}\n`);
  }
  return documents.length;
}
