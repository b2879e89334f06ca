import { readFileSync } from "node:fs";
import path from "node:path";

import { ENV_KEYS } from "@/lib/env/env";

/**
 * The README's table of the site's variables and .env.example list exactly what lib/env/env.ts reads
 * (its schema's keys); the tools' table names none of them.
 */

const ROOT = path.resolve(__dirname, "../..");
const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
const example = readFileSync(path.join(ROOT, ".env.example"), "utf8");

/** The variables in the first column of the table under `heading` (a row may name several: `A` / `B`). */
function tableVariables(heading: string): string[] {
  const start = readme.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`README has no "${heading}" section`);
  const lines = readme.slice(start + heading.length + 2).split("\n");
  const first = lines.findIndex((line) => line.startsWith("|"));
  const end = lines.findIndex((line, index) => index > first && !line.startsWith("|"));
  const rows = lines.slice(first, end);
  const names = rows
    .slice(2)
    .flatMap((row) => [...row.split("|")[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]));
  expect(names.length).toBeGreaterThan(0);
  return names;
}

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

describe("environment documentation", () => {
  it("README's table of the site's variables lists exactly what lib/env/env.ts reads", () => {
    expect(sorted(tableVariables("### The site"))).toEqual(sorted(ENV_KEYS));
  });

  it(".env.example lists exactly what lib/env/env.ts reads", () => {
    const names = [...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);
    expect(sorted(names)).toEqual(sorted(ENV_KEYS));
  });

  it("keeps the tools' variables in their own table", () => {
    const tools = tableVariables("### Tools (tests, benchmarks, content API CLI)");
    expect(tools).toEqual(expect.arrayContaining(["CHROMIUM_PATH", "E2E_PORT", "CONTENT_PORT"]));
    expect(tools.filter((name) => (ENV_KEYS as string[]).includes(name))).toEqual([]);
  });
});
