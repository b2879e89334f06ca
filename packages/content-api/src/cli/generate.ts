/**
 * content-api-generate --works N --out DIR [--from SOURCE_DIR] (root: npm run content:generate -- ...)
 * Writes a valid content repository with N generated projects (in fr-fr and en-gb) for
 * scale tests, plus the source repository's other documents and images (default source:
 * ./content). Deterministic: the same N gives the same files.
 */
import path from "node:path";
import { parseArgs } from "node:util";

import { writeGeneratedRepository } from "../generated-repository";

function usage(message: string): never {
  console.error(`${message}\nusage: content-api-generate --works N --out DIR [--from SOURCE_DIR]`);
  process.exit(2);
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
  const count = await writeGeneratedRepository({ from: values.from ?? "content", out: values.out, works });
  console.log(`Wrote ${count} documents (${works} projects in 2 languages) to ${path.resolve(values.out)}`);
}

main().catch((error: unknown) => {
  console.error(`content-api-generate failed: ${(error as Error).message}`);
  process.exit(1);
});
